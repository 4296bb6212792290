/* Adapter for `iri judge` around libcurl's URL API: curl_url_set(h, CURLUPART_URL, line,
 * CURLU_NON_SUPPORT_SCHEME).
 *
 * One input per line on standard input; one answer per line on standard output: `valid` when
 * curl_url_set returns CURLUE_OK, `invalid` for any other CURLUcode but CURLUE_OUT_OF_MEMORY; with
 * --components a JSON object of the parts curl_url_get returns (flags 0: as curl stores them, which
 * is normalized: scheme in lower case, dot segments removed, an empty path as "/"). Answers are
 * flushed whenever every line read so far is answered.
 *
 * CURLU_NON_SUPPORT_SCHEME: without it curl_url_set rejects every scheme that this libcurl was not
 * built to transfer (`urn:`, `mailto:`, `foo:` …), the flag that programs parsing URLs of any
 * scheme pass. No other flag: no guessed or default scheme (a URI has a scheme), no
 * CURLU_ALLOW_SPACE, CURLU_URLENCODE or CURLU_PATH_AS_IS. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <curl/curl.h>

static void json_string(FILE *out, const char *s) {
	putc('"', out);
	for (const char *p = s; *p != '\0'; p++) {
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

/* A part as curl_url_get returns it (flags 0), or NULL when the URL has none (CURLUE_NO_*). */
static char *get(CURLU *h, CURLUPart what) {
	char *part = NULL;
	CURLUcode rc = curl_url_get(h, what, &part, 0);
	if (rc == CURLUE_OUT_OF_MEMORY) {
		fputs("judge-curl: out of memory\n", stderr);
		exit(3);
	}
	return rc == CURLUE_OK ? part : NULL;
}

static void field(FILE *out, const char *key, char *value) {
	fprintf(out, ",\"%s\":", key);
	if (value == NULL)
		fputs("null", out);
	else
		json_string(out, value);
	curl_free(value);
}

static void components(FILE *out, CURLU *h) {
	fputs("{\"valid\":true", out);
	field(out, "scheme", get(h, CURLUPART_SCHEME));
	/* userinfo: user [";" options] [":" password], as curl splits it (options only for the schemes
	 * that have them: IMAP, POP3, SMTP); absent when curl keeps none of the three. */
	char *user = get(h, CURLUPART_USER), *options = get(h, CURLUPART_OPTIONS),
	     *password = get(h, CURLUPART_PASSWORD);
	fputs(",\"userinfo\":", out);
	if (user == NULL && options == NULL && password == NULL) {
		fputs("null", out);
	} else {
		size_t n = (user ? strlen(user) : 0) + (options ? strlen(options) + 1 : 0) +
			   (password ? strlen(password) + 1 : 0) + 1;
		char *joined = malloc(n);
		if (joined == NULL)
			exit(3);
		snprintf(joined, n, "%s%s%s%s%s", user ? user : "", options ? ";" : "",
			 options ? options : "", password ? ":" : "", password ? password : "");
		json_string(out, joined);
		free(joined);
	}
	curl_free(user);
	curl_free(options);
	curl_free(password);
	/* CURLUPART_HOST: an IPv6 address with its brackets (and a zone ID inside them) */
	field(out, "host", get(h, CURLUPART_HOST));
	field(out, "port", get(h, CURLUPART_PORT));
	field(out, "path", get(h, CURLUPART_PATH));
	field(out, "query", get(h, CURLUPART_QUERY));
	field(out, "fragment", get(h, CURLUPART_FRAGMENT));
	fputs("}\n", out);
}

static void answer(FILE *out, const char *line, int want_components) {
	CURLU *h = curl_url();
	if (h == NULL) {
		fputs("judge-curl: curl_url() failed\n", stderr);
		exit(3);
	}
	CURLUcode rc = curl_url_set(h, CURLUPART_URL, line, CURLU_NON_SUPPORT_SCHEME);
	if (rc == CURLUE_OUT_OF_MEMORY) {
		fputs("judge-curl: out of memory\n", stderr);
		exit(3);
	}
	if (rc != CURLUE_OK)
		fputs(want_components ? "{\"valid\":false}\n" : "invalid\n", out);
	else if (want_components)
		components(out, h);
	else
		fputs("valid\n", out);
	curl_url_cleanup(h);
}

int main(int argc, char **argv) {
	int want_components = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--components") == 0) {
			want_components = 1;
		} else {
			fputs("usage: judge-curl [--components]\n", stderr);
			return 2;
		}
	}
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
