//! The HTTP/1.1 side of `iri serve` (RFC 9112 message syntax, RFC 9110 semantics): each connection
//! gets a thread, up to a bound (beyond it a connection is answered 503 at once), which reads one
//! request head within a size limit and a deadline, answers it and closes the connection. Request
//! heads are parsed with `httparse`; no request body is read (the API takes GET with query
//! parameters), so memory is bounded by the head limit times the number of connections, and a client
//! that sends slowly or not at all holds its own thread for the deadline at most.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a client has to send its request head (RFC 9112 §9.5: a server may close an idle
/// connection).
const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// How long one write of a response may take.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the writing of a whole response may take (checked between pieces of 64 KiB, each bound
/// by [`WRITE_TIMEOUT`]).
const RESPONSE_DEADLINE: Duration = Duration::from_secs(30);
/// After the response, what the client still sends is read and dropped, this long and this much at
/// most, so that closing does not reset the connection before the client has read the response.
const LINGER: Duration = Duration::from_millis(250);
const LINGER_BYTES: usize = 1 << 20;
/// The most header fields a request may have.
const MAX_HEADERS: usize = 64;

/// A request (GET or HEAD): its target split into the path and the query (both as sent, still
/// percent-encoded).
pub struct Request<'a> {
    pub path: &'a str,
    pub query: &'a str,
}

/// A response: status, media type, body and further header fields.
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    pub headers: Vec<(&'static str, String)>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    /// A JSON error: `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Response {
        let mut body = serde_json::to_vec(&serde_json::json!({ "error": message }))
            .unwrap_or_else(|_| b"{}".to_vec());
        body.push(b'\n');
        Response::new(status, "application/json", body)
    }

    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Response {
        self.headers.push((name, value.into()));
        self
    }
}

/// The reason phrase of a status code (RFC 9110 §15).
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// The limits of the server.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest request head (request line and header fields), in bytes.
    pub head: usize,
    /// The most connections served at once.
    pub connections: usize,
}

/// Serves connections on `listener` forever, answering each request with `handle`. `allowed_hosts`
/// (when not empty) are the only values of the Host header field taken: on a loopback address this
/// keeps pages of other sites, whose names may resolve to 127.0.0.1, from reading the answers (DNS
/// rebinding).
pub fn serve<H>(listener: &TcpListener, limits: Limits, allowed_hosts: Vec<String>, handle: H)
where
    H: Fn(&Request<'_>) -> Response + Send + Sync + 'static,
{
    let shared = Arc::new((handle, allowed_hosts));
    let active = Arc::new(AtomicUsize::new(0));
    loop {
        let mut stream = match listener.accept() {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was accepted: try again
            // shortly.
            Err(_) => {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        if active.fetch_add(1, Ordering::SeqCst) >= limits.connections {
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
            let busy = Response::error(
                503,
                &format!(
                    "{} connections are being served: try again",
                    limits.connections
                ),
            )
            .with_header("Retry-After", "1");
            let _ = write_response(&mut stream, &busy, false);
            continue;
        }
        // The count is given back when the thread ends, however it ends, or when no thread can be
        // had (then the connection is closed unanswered).
        let slot = Slot(Arc::clone(&active));
        let mine = Arc::clone(&shared);
        let _ = std::thread::Builder::new()
            .name("iri-serve".into())
            .spawn(move || {
                let _slot = slot;
                let (handle, allowed_hosts) = &*mine;
                connection(stream, limits, allowed_hosts, handle);
            });
    }
}

/// One connection being served: it counts while it lives.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One connection: one request, one response, then the connection is closed.
fn connection<H>(mut stream: TcpStream, limits: Limits, allowed_hosts: &[String], handle: &H)
where
    H: Fn(&Request<'_>) -> Response + Sync,
{
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let (response, head_only) = match read_head(&mut stream, limits.head) {
        Ok(head) => answer(&head, allowed_hosts, handle),
        Err(Some(response)) => (response, false),
        // The client closed the connection, or it failed: nothing to answer.
        Err(None) => return,
    };
    let _ = write_response(&mut stream, &response, head_only);
    linger(&mut stream);
}

/// Reads the request head: the bytes up to and including the empty line that ends it. The error is
/// the response to send, if any.
fn read_head(stream: &mut TcpStream, limit: usize) -> Result<Vec<u8>, Option<Response>> {
    let started = Instant::now();
    let mut head = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        let left = HEAD_DEADLINE.saturating_sub(started.elapsed());
        if left.is_zero() {
            return Err(Some(timeout()));
        }
        let _ = stream.set_read_timeout(Some(left));
        let n = match stream.read(&mut chunk) {
            Ok(0) => return Err(None),
            Ok(n) => n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(Some(timeout()));
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return Err(None),
        };
        // Look for the end of the head only in the new bytes (and the three before them).
        let from = head.len().saturating_sub(3);
        head.extend_from_slice(&chunk[..n]);
        if let Some(end) = head_end(&head[from..]) {
            head.truncate(from + end);
            return Ok(head);
        }
        if head.len() > limit {
            let status = if head.contains(&b'\n') { 431 } else { 414 };
            let what = if status == 414 {
                "request line"
            } else {
                "request head"
            };
            return Err(Some(Response::error(
                status,
                &format!(
                    "{what} over the limit of {limit} bytes: the query carries the inputs, \
                     percent-encoded, and an input may have at most --max-length bytes"
                ),
            )));
        }
    }
}

fn timeout() -> Response {
    Response::error(
        408,
        &format!(
            "the request head did not arrive within {} s",
            HEAD_DEADLINE.as_secs()
        ),
    )
}

/// The length of the head (up to and including its empty line) if `bytes` holds its end: CRLF CRLF,
/// or bare LFs, which RFC 9112 §2.2 lets a server take as line terminators.
fn head_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().enumerate().find_map(|(i, &b)| {
        if b != b'\n' {
            return None;
        }
        match bytes.get(i + 1) {
            Some(b'\n') => Some(i + 2),
            Some(b'\r') if bytes.get(i + 2) == Some(&b'\n') => Some(i + 3),
            _ => None,
        }
    })
}

/// The response to a complete request head, and whether it is a HEAD request (no body sent).
fn answer<H>(head: &[u8], allowed_hosts: &[String], handle: &H) -> (Response, bool)
where
    H: Fn(&Request<'_>) -> Response + Sync,
{
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(head) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => {
            return (Response::error(400, "incomplete request head"), false);
        }
        Err(httparse::Error::TooManyHeaders) => {
            return (
                Response::error(
                    431,
                    &format!("more than {MAX_HEADERS} header fields in the request"),
                ),
                false,
            );
        }
        Err(e) => {
            return (
                Response::error(400, &format!("malformed request: {e}")),
                false,
            )
        }
    }
    let (Some(method), Some(target)) = (parsed.method, parsed.path) else {
        return (Response::error(400, "malformed request line"), false);
    };
    let head_only = method == "HEAD";
    let field = |name: &str| {
        parsed
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| h.value)
    };
    if method != "GET" && method != "HEAD" {
        let response = Response::error(
            405,
            &format!("method {method} not allowed: the API takes GET with query parameters"),
        )
        .with_header("Allow", "GET, HEAD");
        return (response, false);
    }
    let has_body = field("Transfer-Encoding").is_some()
        || field("Content-Length").is_some_and(|v| v.iter().any(|&b| b != b'0'));
    if has_body {
        return (
            Response::error(
                413,
                "no request body is read: the API takes GET with query parameters",
            ),
            head_only,
        );
    }
    if !allowed_hosts.is_empty() {
        let host = field("Host").and_then(|h| std::str::from_utf8(h).ok());
        if !host.is_some_and(|h| {
            allowed_hosts
                .iter()
                .any(|a| a.eq_ignore_ascii_case(h.trim()))
        }) {
            return (
                Response::error(
                    403,
                    &format!(
                        "the Host header field must name this server ({})",
                        allowed_hosts.join(", ")
                    ),
                ),
                head_only,
            );
        }
    }
    // Origin form only (RFC 9112 §3.2.1): "/" path [ "?" query ].
    if !target.starts_with('/') {
        return (
            Response::error(400, "the request target must be a path, starting with /"),
            head_only,
        );
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    // The fragment is never sent; were it sent, it would not be part of the query.
    let query = query.split_once('#').map_or(query, |(q, _)| q);
    let request = Request { path, query };
    let response = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(&request)))
        .unwrap_or_else(|_| Response::error(500, "internal error: the request was not answered"));
    (response, head_only)
}

fn write_response(stream: &mut TcpStream, r: &Response, head_only: bool) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    for (name, value) in &r.headers {
        head.push_str(name);
        head.push_str(": ");
        head.push_str(value);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if !head_only {
        // In pieces, against one deadline for the whole body: a client that reads a byte now and
        // then does not hold its thread for longer than that.
        let started = Instant::now();
        for piece in r.body.chunks(64 << 10) {
            if started.elapsed() > RESPONSE_DEADLINE {
                return Err(std::io::Error::new(
                    ErrorKind::TimedOut,
                    "the client reads the response too slowly",
                ));
            }
            stream.write_all(piece)?;
        }
    }
    stream.flush()
}

/// Closes the sending side, then reads and drops what the client still sends, for a short time and
/// up to a bound, so that the client reads the whole response before the connection is closed.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let started = Instant::now();
    let mut read = 0;
    let mut sink = [0u8; 16 * 1024];
    while read < LINGER_BYTES {
        let left = LINGER.saturating_sub(started.elapsed());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => read += n,
        }
    }
}

/// A query parameter: its name and value, decoded to bytes.
pub type Pair = (Vec<u8>, Vec<u8>);

/// The parameters of a query (`application/x-www-form-urlencoded`: `name=value` pairs joined by `&`,
/// `+` for a space, other bytes percent-encoded), decoded to bytes; or why the query is malformed.
pub fn query_pairs(query: &str) -> Result<Vec<Pair>, String> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            Ok((percent_decode(name)?, percent_decode(value)?))
        })
        .collect()
}

/// `+` as a space and `%HH` as the byte 0xHH; a `%` without two hex digits is an error.
fn percent_decode(s: &str) -> Result<Vec<u8>, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(v) if bytes[i + 1].is_ascii_hexdigit() => out.push(v),
                    _ => {
                        return Err(format!(
                            "malformed percent-encoding in the query at byte {i} of a parameter: \
                             % must be followed by two hex digits"
                        ))
                    }
                }
                i += 2;
            }
            _ => out.push(b),
        }
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_decode_plus_and_percent_and_refuse_bad_escapes() {
        let pairs = query_pairs("input=a+b%2Bc%FF&lint&&grammar=iri").unwrap();
        assert_eq!(
            pairs,
            [
                (b"input".to_vec(), b"a b+c\xFF".to_vec()),
                (b"lint".to_vec(), Vec::new()),
                (b"grammar".to_vec(), b"iri".to_vec()),
            ]
        );
        for bad in ["input=%", "input=%4", "input=%G0", "input=%+1", "input=%-1"] {
            assert!(query_pairs(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_head_ends_at_the_first_empty_line() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: a\r\n\r\nbody"), Some(27));
        assert_eq!(head_end(b"GET / HTTP/1.1\nHost: a\n\nbody"), Some(24));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: a\r\n"), None);
    }
}
