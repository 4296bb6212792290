# frozen_string_literal: true

# Adapter for `iri judge` around Ruby's URI::RFC3986_Parser: ruby judge.rb [--components]
#
# The verdict is URI.parse(line) (URI::RFC3986_PARSER.parse: the parser URI.parse uses since Ruby
# 2.2) without a URI::Error (URI::InvalidURIError, URI::InvalidComponentError). With --components,
# one JSON object of the components URI::RFC3986_PARSER.split returns for an input that URI.parse
# accepts (its strings as written in the input); see components below. One input per line of
# standard input (UTF-8), one answer per line of standard output, written and flushed whenever
# every complete line read so far is answered.
require "json"
require "uri"

want_components = false
ARGV.each do |arg|
  if arg == "--components"
    want_components = true
  else
    warn "usage: ruby judge.rb [--components]"
    exit 2
  end
end

# Exceptions other than URI::Error, by class: answered invalid (a library that raises rejects) and
# listed on standard error at the end.
unexpected = Hash.new(0)

parse = lambda do |s|
  URI.parse(s)
rescue URI::Error
  nil
rescue StandardError => e
  unexpected[e.class.name] += 1
  nil
end

# split returns [scheme, userinfo, host, port, registry, path, opaque, query, fragment]; for a
# scheme followed by a path-rootless (RFC 3986's `a:b`) it keeps the text after the scheme's ":"
# up to the fragment, query included, as `opaque`, and no path or query: the path is then `opaque`.
# host: an IP literal with its brackets. There is no authority.
components = lambda do |s|
  return '{"valid":false}' if parse.call(s).nil?

  scheme, userinfo, host, port, _registry, path, opaque, query, fragment = URI::RFC3986_PARSER.split(s)
  JSON.generate(
    valid: true, scheme: scheme, userinfo: userinfo, host: host, port: port,
    path: opaque || path, query: query, fragment: fragment
  )
end

verdict = ->(s) { parse.call(s).nil? ? "invalid" : "valid" }
answer = want_components ? components : verdict

$stdin.binmode
$stdout.binmode
pending = +""
begin
  loop do
    chunk = $stdin.readpartial(1 << 16)
    pending << chunk
    last = pending.rindex("\n")
    next if last.nil?

    lines = pending[0...last].split("\n", -1)
    pending = pending[(last + 1)..]
    out = +""
    lines.each { |line| out << answer.call(line.force_encoding(Encoding::UTF_8)) << "\n" }
    $stdout.write(out)
    $stdout.flush
  end
rescue EOFError
  unless pending.empty?
    $stdout.write(answer.call(pending.force_encoding(Encoding::UTF_8)) + "\n")
    $stdout.flush
  end
rescue Errno::EPIPE
  exit 0
end
unexpected.sort.each { |name, count| warn "ruby-uri: #{count} inputs raised #{name} (answered invalid)" }
