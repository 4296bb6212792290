// Adapter for `iri judge` around Go's net/url (url.Parse), judged against RFC 3986 URI-reference.
//
// One input per line on standard input; one answer per line on standard output: `valid`/`invalid`,
// or with --components a JSON object of the components of the url.URL that url.Parse returns.
// Answers are flushed whenever every line read so far is answered.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// parse is url.Parse; a panic inside it (none is known) is a rejection, not the adapter's death.
func parse(s string) (u *url.URL, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	return url.Parse(s)
}

// str is a present component; nil (JSON null) is an absent one.
func str(s string) *string { return &s }

// components maps the url.URL to RFC 3986's components (see judge/adapters/README.md):
//   - scheme: URL.Scheme (url.Parse lower-cases it); absent when empty.
//   - userinfo: URL.User, decoded as the library keeps it: Username(), then ":" and Password() when
//     a password is set; absent when User is nil.
//   - host, port: URL.Host (decoded, brackets kept), split at the colon before the port as
//     url.Parse's host parser and URL.Port split it, with the port "" when Host ends in ":";
//     present when URL.String would write the "//" of an authority.
//   - path: URL.Opaque when set (a rootless path after a scheme), else the path as written
//     (URL.RawPath when set, else URL.EscapedPath(), which is then the path as written).
//   - query: URL.RawQuery; present when it is not empty or URL.ForceQuery is set.
//   - fragment: the fragment as written (URL.RawFragment when set, else URL.EscapedFragment(),
//     which is then the fragment as written); absent when URL.Fragment is empty, as URL.String
//     has it: url.Parse keeps no mark of an empty fragment.
//
// No authority: the URL keeps no authority text.
func components(u *url.URL) map[string]*string {
	c := map[string]*string{"scheme": nil, "userinfo": nil, "host": nil, "port": nil,
		"path": nil, "query": nil, "fragment": nil}
	if u.Scheme != "" {
		c["scheme"] = str(u.Scheme)
	}
	// URL.String writes "//" when this holds.
	authority := (u.Scheme != "" || u.Host != "" || u.User != nil) &&
		!(u.OmitHost && u.Host == "" && u.User == nil) &&
		(u.Host != "" || u.Path != "" || u.User != nil) && u.Opaque == ""
	if authority {
		if u.User != nil {
			ui := u.User.Username()
			if p, ok := u.User.Password(); ok {
				ui += ":" + p
			}
			c["userinfo"] = str(ui)
		}
		host := u.Host
		var port *string
		if strings.HasPrefix(host, "[") {
			if i := strings.LastIndex(host, "]"); i >= 0 && strings.HasPrefix(host[i+1:], ":") {
				host, port = host[:i+1], str(host[i+2:])
			}
		} else if i := strings.LastIndex(host, ":"); i >= 0 {
			host, port = host[:i], str(host[i+1:])
		}
		c["host"], c["port"] = str(host), port
	}
	switch {
	case u.Opaque != "":
		c["path"] = str(u.Opaque)
	case u.RawPath != "":
		c["path"] = str(u.RawPath)
	default:
		c["path"] = str(u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		c["query"] = str(u.RawQuery)
	}
	switch {
	case u.RawFragment != "":
		c["fragment"] = str(u.RawFragment)
	case u.Fragment != "":
		c["fragment"] = str(u.EscapedFragment())
	}
	return c
}

func main() {
	wantComponents := false
	for _, a := range os.Args[1:] {
		if a == "--components" {
			wantComponents = true
		}
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	for {
		if in.Buffered() == 0 && out.Flush() != nil {
			return
		}
		line, err := in.ReadString('\n')
		if line == "" && err != nil {
			break
		}
		line = strings.TrimSuffix(line, "\n")
		u, perr := parse(line)
		switch {
		case !wantComponents && perr == nil:
			out.WriteString("valid\n")
		case !wantComponents:
			out.WriteString("invalid\n")
		case perr != nil:
			out.WriteString("{\"valid\":false}\n")
		default:
			obj := map[string]interface{}{"valid": true}
			for k, v := range components(u) {
				obj[k] = v
			}
			b, jerr := json.Marshal(obj)
			if jerr != nil {
				fmt.Fprintln(os.Stderr, "judge-go-net-url:", jerr)
				os.Exit(3)
			}
			out.Write(b)
			out.WriteByte('\n')
		}
	}
	out.Flush()
}
