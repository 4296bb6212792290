//! A small HTTP/1.1 client over `TcpStream` for the tests of `iri serve` (and the WebDriver requests
//! of the browser test): it sends bytes as given, so that a test can send malformed requests too,
//! and reads the response within a deadline.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A response: status, header fields (as text) and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    /// The value of a header field.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// Sends `request` as it is to `addr` and reads the response: up to the length its Content-Length
/// gives, or to the end of the connection. `None` when the server closed the connection without a
/// response.
pub fn exchange(addr: &str, request: &[u8]) -> Option<Reply> {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    // The server may answer (and stop reading) before the whole request is sent.
    let _ = stream.write_all(request);
    read_reply(&mut stream, request.starts_with(b"HEAD "))
}

/// Reads a response; to a HEAD request, its head only (RFC 9110 §9.3.2).
fn read_reply(stream: &mut TcpStream, head_only: bool) -> Option<Reply> {
    let mut data = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    let deadline = Instant::now() + Duration::from_secs(120);
    let head_end = loop {
        if let Some(i) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        assert!(Instant::now() < deadline, "no response head");
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) if data.is_empty() => return None,
            Ok(0) => panic!("connection closed inside the response head: {data:?}"),
            Ok(n) => data.extend_from_slice(&chunk[..n]),
            Err(e) => panic!("reading the response: {e}"),
        }
    };
    let head = String::from_utf8(data[..head_end].to_vec()).expect("the head is text");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("status line: {head}"));
    let length = head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case("content-length")
            .then(|| v.trim().parse::<usize>().ok())?
    });
    let mut body = data[head_end..].to_vec();
    let length = if head_only { Some(0) } else { length };
    loop {
        if length.is_some_and(|n| body.len() >= n) {
            break;
        }
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e) if length.is_none() => panic!("reading the body: {e}"),
            Err(e) => panic!("reading the body ({} of {length:?}): {e}", body.len()),
        }
    }
    if let Some(n) = length {
        assert_eq!(body.len(), n, "the body has its Content-Length");
    }
    Some(Reply { status, head, body })
}

/// A GET request for `target`, with the Host header field of `addr`.
pub fn get(addr: &str, target: &str) -> Reply {
    let request = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    exchange(addr, request.as_bytes()).expect("a response")
}

/// A request with a JSON body (or none), answered with JSON: the WebDriver protocol.
pub fn json_request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> (u16, serde_json::Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let reply = exchange(addr, request.as_bytes()).expect("a response");
    (reply.status, reply.json())
}

/// Percent-encodes every byte but the unreserved characters of RFC 3986 §2.3: a query parameter's
/// value.
pub fn encode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// `iri serve --port 0` with more arguments, running until dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        Server::start_in(Path::new(crate::ROOT), args)
    }

    pub fn start_in(dir: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
            .current_dir(dir)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start iri serve");
        // The first line says where it listens.
        let mut stdout = child.stdout.take().expect("stdout");
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while stdout.read(&mut byte).map(|n| n == 1).unwrap_or(false) && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let line = String::from_utf8(line).expect("UTF-8");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// The server's process is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
