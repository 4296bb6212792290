// Adapter for `iri judge` around java.net.URI: java Judge [--components]
//
// One input per line of standard input (UTF-8, lines ended by LF only), one answer per line of
// standard output: `valid` when `new URI(line)` returns, `invalid` when it throws
// URISyntaxException; with --components one JSON object of the components the URI reports (its raw
// getters: as written in the input, not decoded), or {"valid":false}. The answers of every complete
// line read so far are written and flushed before the next read.

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public final class Judge {
    private Judge() {}

    /** The URI, or null when the constructor rejects the string. */
    private static URI parse(String s) {
        try {
            return new URI(s);
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static String verdict(String s) {
        return parse(s) == null ? "invalid" : "valid";
    }

    /**
     * The components: getScheme, getRawAuthority, getRawUserInfo, getHost (an IPv6 address with its
     * brackets), getPort (-1, no port or an empty one, is absent), getRawPath, getRawQuery,
     * getRawFragment; null is absent. An opaque URI (a scheme and a part not starting with "/", RFC
     * 2396's opaque_part) has no path, query or authority in java.net.URI: its path is then its raw
     * scheme-specific part, the text between the scheme's ":" and the fragment, query included.
     */
    private static String components(String s) {
        URI u = parse(s);
        if (u == null) {
            return "{\"valid\":false}";
        }
        String path = u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath();
        StringBuilder b = new StringBuilder("{\"valid\":true");
        field(b, "scheme", u.getScheme());
        field(b, "authority", u.getRawAuthority());
        field(b, "userinfo", u.getRawUserInfo());
        field(b, "host", u.getHost());
        field(b, "port", u.getPort() < 0 ? null : Integer.toString(u.getPort()));
        field(b, "path", path);
        field(b, "query", u.getRawQuery());
        field(b, "fragment", u.getRawFragment());
        return b.append('}').toString();
    }

    private static void field(StringBuilder b, String name, String value) {
        b.append(",\"").append(name).append("\":");
        if (value == null) {
            b.append("null");
            return;
        }
        b.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        b.append('"');
    }

    public static void main(String[] args) throws IOException {
        boolean wantComponents = false;
        for (String a : args) {
            if (a.equals("--components")) {
                wantComponents = true;
            } else {
                System.err.println("usage: java Judge [--components]");
                System.exit(2);
            }
        }
        InputStream in = System.in;
        OutputStream out = System.out;
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        StringBuilder answers = new StringBuilder();
        int n;
        while ((n = in.read(buf)) > 0) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] != '\n') {
                    continue;
                }
                pending.write(buf, start, i - start);
                String line = new String(pending.toByteArray(), StandardCharsets.UTF_8);
                pending.reset();
                answers.append(wantComponents ? components(line) : verdict(line)).append('\n');
                start = i + 1;
            }
            pending.write(buf, start, n - start);
            if (answers.length() > 0) {
                out.write(answers.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
                answers.setLength(0);
            }
        }
        if (pending.size() > 0) {
            String line = new String(pending.toByteArray(), StandardCharsets.UTF_8);
            String answer = wantComponents ? components(line) : verdict(line);
            out.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }
}
