/* Adapter for `iri judge` around uriparser's uriParseSingleUriA (RFC 3986 URI-reference).
 *
 * One input per line on standard input; one answer per line on standard output: `valid`/`invalid`,
 * or with --components a JSON object of the components uriparser reports (UriUriA's text ranges).
 * Answers are flushed whenever every line read so far is answered. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <uriparser/Uri.h>

static void json_string(FILE *out, const char *first, const char *after) {
	putc('"', out);
	for (const char *p = first; p < after; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"' || c == '\\') {
			putc('\\', out);
			putc(c, out);
		} else if (c < 0x20) {
			fprintf(out, "\\u%04x", c);
		} else {
			putc(c, out);
		}
	}
	putc('"', out);
}

/* A text range as a JSON value: null when the range is absent ({NULL, NULL}). */
static void range(FILE *out, const char *key, UriTextRangeA r) {
	fprintf(out, ",\"%s\":", key);
	if (r.first == NULL)
		fputs("null", out);
	else
		json_string(out, r.first, r.afterLast);
}

static void components(FILE *out, const UriUriA *u) {
	fputs("{\"valid\":true", out);
	range(out, "scheme", u->scheme);
	range(out, "userinfo", u->userInfo);
	/* hostText: "set for all hosts, excluding square brackets" (Uri.h). */
	range(out, "host", u->hostText);
	range(out, "port", u->portText);
	/* The path is a list of segments (an empty path has none); written as uriToStringA writes it:
	 * a leading "/" when absolutePath is set or when the URI has a host and segments, then the
	 * segments joined by "/". */
	fputs(",\"path\":\"", out);
	if (u->absolutePath || (u->hostText.first != NULL && u->pathHead != NULL))
		putc('/', out);
	for (const UriPathSegmentA *s = u->pathHead; s != NULL; s = s->next) {
		if (s != u->pathHead)
			putc('/', out);
		/* the segment's characters are escaped like any JSON string's (no quotes added) */
		for (const char *p = s->text.first; p < s->text.afterLast; p++) {
			unsigned char c = (unsigned char)*p;
			if (c == '"' || c == '\\')
				fprintf(out, "\\%c", c);
			else if (c < 0x20)
				fprintf(out, "\\u%04x", c);
			else
				putc(c, out);
		}
	}
	putc('"', out);
	range(out, "query", u->query);
	range(out, "fragment", u->fragment);
	fputs("}\n", out);
}

static void answer(FILE *out, const char *line, int want_components) {
	UriUriA uri;
	const char *error_pos = NULL;
	int status = uriParseSingleUriA(&uri, line, &error_pos);
	if (status != URI_SUCCESS) {
		/* URI_ERROR_SYNTAX; anything else (e.g. URI_ERROR_MALLOC) is not a verdict on the input */
		if (status != URI_ERROR_SYNTAX) {
			fprintf(stderr, "judge-uriparser: uriParseSingleUriA returned %d\n", status);
			exit(3);
		}
		fputs(want_components ? "{\"valid\":false}\n" : "invalid\n", out);
		return;
	}
	if (want_components)
		components(out, &uri);
	else
		fputs("valid\n", out);
	uriFreeUriMembersA(&uri);
}

int main(int argc, char **argv) {
	int want_components = 0;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--components") == 0)
			want_components = 1;
	static char outbuf[1 << 16];
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	if (buf == NULL)
		return 3;
	for (;;) {
		if (len == cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			if (buf == NULL)
				return 3;
		}
		ssize_t n = read(0, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		/* answer every complete line read so far, then flush */
		size_t start = 0;
		for (;;) {
			char *nl = memchr(buf + start, '\n', len - start);
			if (nl == NULL)
				break;
			*nl = '\0';
			answer(stdout, buf + start, want_components);
			start = (size_t)(nl - buf) + 1;
		}
		memmove(buf, buf + start, len - start);
		len -= start;
		if (fflush(stdout) != 0)
			return 0;
	}
	if (len > 0) { /* a last line without a line feed */
		if (len == cap && (buf = realloc(buf, cap + 1)) == NULL)
			return 3;
		buf[len] = '\0';
		answer(stdout, buf, want_components);
	}
	fflush(stdout);
	return 0;
}
