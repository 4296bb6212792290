// The live viewer of `iri serve`. It shows what the JSON API answers (the records of `iri check`,
// `parse`, `compare`, `lint`, `to-uri`, `to-iri`, `from-leiri`, `resolve` and `rules`); it decides
// nothing itself. The same page builds as a static site (js/viewer/build.mjs), where backend.js
// answers the same paths with the same records, computed in the page by the library compiled to
// WebAssembly (see `api` below).
// User text is put in the page with textContent only, and the characters of
// NEEDS_ESCAPE (needs-escape.js, from the library) are shown as <U+XXXX> badges, never raw. The
// characters of NOT_APPROPRIATE (not-appropriate.js, from the library's one definition of what URI-to-IRI
// conversion keeps percent-encoded, 3987bis §3.7 step 4) are marked, with their reason as the title.
"use strict";

const $ = (id) => document.getElementById(id);
const COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"];
const GRAMMAR_NOTES = {
  uri: "RFC 3986",
  rfc3987: "RFC 3987",
  iri: "3987bis §2.2",
  leiri: "3987bis §5.1",
  rfc2396: "RFC 2396",
  rfc2732: "RFC 2396 + 2732",
  masinter07: "masinter-url-i18n-07",
  duerst01: "duerst-iri-01",
  "iri-printed": "3987bis as printed",
};
const DEFAULT_INPUT = "http://user@résumé.example.org:8080/a/b?q=1#frag";

let generation = 0;
let timer = null;
let rules = null; // the /api/rules record of the chosen grammar
const grammarFiles = new Map(); // file -> text

// ---------------------------------------------------------------------------------------------
// Text: code points with their UTF-8 byte offsets (the API's spans are byte offsets).

function needsEscape(cp) {
  let lo = 0;
  let hi = NEEDS_ESCAPE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = NEEDS_ESCAPE[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The reason (description and source) why `cp` is not appropriate in the path of an IRI, or null. */
function notAppropriate(cp) {
  let lo = 0;
  let hi = NOT_APPROPRIATE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b, k] = NOT_APPROPRIATE[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return NOT_APPROPRIATE_REASONS[k];
  }
  return null;
}

function utf8Length(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** The code points of `s`, each with its byte offset. */
function codePoints(s) {
  const out = [];
  let offset = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    out.push({ ch, cp, offset });
    offset += utf8Length(cp);
  }
  return out;
}

function hex(cp) {
  return cp.toString(16).toUpperCase().padStart(4, "0");
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Appends code points to `parent`: runs of text, and a badge for each character to escape. */
function appendText(parent, points) {
  let run = "";
  const flush = () => {
    if (run) parent.appendChild(document.createTextNode(run));
    run = "";
  };
  for (const p of points) {
    const reason = notAppropriate(p.cp);
    const why = reason ? "; not appropriate in the path of an IRI: " + reason : "";
    if (needsEscape(p.cp)) {
      flush();
      const b = el("span", reason ? "badge not-appropriate" : "badge", "<U+" + hex(p.cp) + ">");
      b.title = "U+" + hex(p.cp) + " at byte " + p.offset + why;
      parent.appendChild(b);
    } else if (reason) {
      flush();
      const m = el("span", "not-appropriate", p.ch);
      m.title = "U+" + hex(p.cp) + " at byte " + p.offset + why;
      parent.appendChild(m);
    } else {
      run += p.ch;
    }
  }
  flush();
}

function textNode(s) {
  const span = el("span");
  appendText(span, codePoints(s));
  return span;
}

function clear(e) {
  while (e.firstChild) e.removeChild(e.firstChild);
}

/** The input with the bytes [start, end) marked (an empty span at the end: a caret). */
function excerpt(points, start, end, markClass) {
  const box = el("div", "excerpt");
  const before = points.filter((p) => p.offset < start);
  const inside = points.filter((p) => p.offset >= start && p.offset < end);
  const after = points.filter((p) => p.offset >= end);
  appendText(box, before);
  if (inside.length) {
    const m = el("mark", markClass);
    appendText(m, inside);
    box.appendChild(m);
  } else {
    box.appendChild(el("span", "caret-end"));
  }
  const rest = el("span", "fade");
  appendText(rest, after);
  box.appendChild(rest);
  return box;
}

// ---------------------------------------------------------------------------------------------
// State: the fragment of the page address holds input, base, grammar and rule.

function readFragment() {
  const f = new URLSearchParams(location.hash.slice(1));
  return {
    input: f.has("input") ? f.get("input") : null,
    base: f.get("base") || "",
    grammar: f.get("grammar") || "iri",
    rule: f.get("rule") || "",
  };
}

function writeFragment(state) {
  const f = new URLSearchParams();
  f.set("input", state.input);
  if (state.base) f.set("base", state.base);
  if (state.grammar !== "iri") f.set("grammar", state.grammar);
  if (state.rule && rules && state.rule !== rules.reference_rule) f.set("rule", state.rule);
  history.replaceState(null, "", "#" + f.toString());
}

function state() {
  return {
    input: $("input").value,
    base: $("base").value,
    grammar: $("grammar").value,
    rule: $("rule").value,
  };
}

// ---------------------------------------------------------------------------------------------
// The API: `iri serve`'s over HTTP; or, in the static build, whose index.html has
// <meta name="iri-viewer-backend" content="wasm">, the module backend.js beside this script, which
// answers the same paths and parameters with the same records (or throws the message of a status
// 400) from the WebAssembly module.

const STATIC_BUILD = document.querySelector('meta[name="iri-viewer-backend"]')?.content === "wasm";
let backend = null; // the static build's: a promise of its function (path, params) => record

async function api(path, params) {
  if (STATIC_BUILD) {
    // Loaded once; tried again at the next request if it failed.
    backend ??= import("./backend.js")
      .then((m) => m.load())
      .catch((e) => {
        backend = null;
        throw e;
      });
    return (await backend)(path, params);
  }
  const q = new URLSearchParams(params).toString();
  const response = await fetch(path + (q ? "?" + q : ""));
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

async function loadRules(grammar, wanted) {
  rules = await api("/api/rules", { grammar });
  const select = $("rule");
  clear(select);
  for (const name of rules.rules) {
    const o = el("option", null, name);
    o.value = name;
    select.appendChild(o);
  }
  select.value = rules.rules.includes(wanted) ? wanted : rules.reference_rule;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 120);
}

async function update() {
  const s = state();
  writeFragment(s);
  const mine = ++generation;
  const status = $("status");
  if (!s.input.isWellFormed() || !s.base.isWellFormed()) {
    status.textContent = "The text has a lone surrogate: it is not a string of Unicode characters.";
    status.className = "status error";
    return;
  }
  const isReference = rules && s.rule === rules.reference_rule;
  const rule = isReference ? {} : { rule: s.rule };
  const started = performance.now();
  const requests = [
    api("/api/compare", { input: s.input, ...rule }),
    api("/api/parse", { input: s.input, grammar: s.grammar, tree: "true", ...rule }),
    api("/api/lint", { input: s.input, grammar: s.grammar }),
    api("/api/convert", { command: "to-uri", input: s.input }),
    api("/api/convert", { command: "to-iri", input: s.input, trace: "true" }),
    api("/api/convert", { command: "from-leiri", input: s.input }),
    s.base ? api("/api/resolve", { base: s.base, input: s.input, grammar: s.grammar }) : null,
  ];
  const results = await Promise.allSettled(requests);
  if (mine !== generation) return; // a newer keystroke has its own answers coming
  const [compare, parse, lint, toUri, toIri, fromLeiri, resolve] = results;
  const failures = results.filter((r) => r.status === "rejected").map((r) => r.reason.message);
  const points = codePoints(s.input);
  showInputNote(points);
  showGrammars(compare, points);
  showComponents(parse, points, s);
  showTree(parse, points);
  showConversions([toUri, toIri, fromLeiri], resolve, s);
  showDiagnostics(lint, points, s, isReference);
  const ms = Math.round(performance.now() - started);
  if (failures.length) {
    status.textContent = failures[0];
    status.className = "status error";
  } else {
    status.textContent =
      points.length + " characters, " + points.reduce((n, p) => n + utf8Length(p.cp), 0) +
      " bytes · answered in " + ms + " ms";
    status.className = "status";
  }
  // What the page shows now belongs to this input and base (the browser test waits for them).
  document.body.dataset.shown = s.input;
  document.body.dataset.base = s.base;
}

function value(settled) {
  return settled && settled.status === "fulfilled" ? settled.value : null;
}

/** Under the box: what it holds that a text box cannot show faithfully. */
function showInputNote(points) {
  const note = $("input-note");
  clear(note);
  const hidden = points.filter((p) => needsEscape(p.cp));
  note.hidden = hidden.length === 0;
  if (!hidden.length) return;
  const n = hidden.length;
  note.appendChild(document.createTextNode(
    "The string holds " + n + (n === 1 ? " character" : " characters") +
    " that the box above cannot show as it is (controls, bidi formatting or invisible characters: "
  ));
  appendText(note, hidden.slice(0, 8));
  note.appendChild(document.createTextNode(
    (n > 8 ? " …" : "") + "); the views below show each as a badge, in its place."
  ));
}

// ---------------------------------------------------------------------------------------------
// The grammars: a row each, with ✓ or ✗ and where the input stops matching.

function showGrammars(settled, points) {
  const body = $("grammars").tBodies[0];
  clear(body);
  const record = value(settled);
  if (!record || !record.grammars) return;
  for (const v of record.grammars) {
    const tr = el("tr");
    tr.dataset.grammar = v.grammar;
    tr.dataset.valid = String(v.valid);
    const name = el("td", "name", v.grammar);
    name.appendChild(el("small", null, GRAMMAR_NOTES[v.grammar] || ""));
    tr.appendChild(name);
    tr.appendChild(el("td", "rule", v.rule));
    const verdict = el("td", "verdict " + (v.valid ? "ok" : "bad"), v.valid ? "✓" : "✗");
    verdict.title = v.valid ? "valid" : "invalid";
    tr.appendChild(verdict);
    const where = el("td", "where");
    if (v.error) {
      const at = v.error.offset;
      const next = points.find((p) => p.offset >= at);
      const end = next && next.offset === at ? at + utf8Length(next.cp) : at;
      where.appendChild(excerpt(points, at, end, "at"));
      const expected = v.error.expected;
      const shown = expected.slice(0, 6).join(", ") + (expected.length > 6 ? ", … (" + (expected.length - 6) + " more)" : "");
      const why = el("div", "why", "byte " + at + ", column " + v.error.column + " · expected " + shown);
      why.title = v.error.message;
      where.appendChild(why);
    }
    tr.appendChild(where);
    body.appendChild(tr);
  }
}

// ---------------------------------------------------------------------------------------------
// The components, coloured over the input, with a legend.

function componentSpans(components) {
  const spans = [];
  const walk = (obj, name) => {
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) return;
    if (COMPONENTS.includes(name) && obj.span) {
      spans.push({ name, start: obj.span.start, end: obj.span.end, kind: obj.kind, text: obj.text });
    }
    for (const [key, child] of Object.entries(obj)) {
      if (key !== "span") walk(child, key);
    }
  };
  walk(components, components && components.component);
  return spans;
}

function showComponents(settled, points, s) {
  const shown = $("shown");
  const legend = $("legend");
  clear(shown);
  clear(legend);
  const record = value(settled);
  $("components-of").textContent = "(" + s.grammar + " " + s.rule + ")";
  if (!record || !record.valid) {
    appendText(shown, points);
    if (record && record.error) {
      legend.appendChild(el("li", "empty", "not a match of " + s.grammar + " " + s.rule + ": no components"));
    }
    return;
  }
  const spans = componentSpans(record.components);
  // The innermost component wins: the longer spans first, the shorter over them.
  const owner = new Array(points.length).fill(null);
  for (const sp of [...spans].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    points.forEach((p, i) => {
      if (p.offset >= sp.start && p.offset < sp.end) owner[i] = sp.name;
    });
  }
  let i = 0;
  while (i < points.length) {
    let j = i;
    while (j < points.length && owner[j] === owner[i]) j++;
    const run = points.slice(i, j);
    if (owner[i]) {
      const span = el("span", "comp c-" + owner[i]);
      span.dataset.component = owner[i];
      span.title = owner[i];
      appendText(span, run);
      shown.appendChild(span);
    } else {
      appendText(shown, run);
    }
    i = j;
  }
  for (const sp of spans) {
    const li = el("li");
    li.dataset.component = sp.name;
    const sw = el("span", "swatch c-" + sp.name);
    li.appendChild(sw);
    li.appendChild(el("span", null, sp.name + (sp.kind ? " (" + sp.kind + ")" : "")));
    li.appendChild(el("span", "span", sp.start + ".." + sp.end));
    legend.appendChild(li);
  }
  if (record.components && record.components.kind && record.components.component === "reference") {
    const li = el("li", "empty", "reference kind: " + record.components.kind);
    legend.appendChild(li);
  }
}

// ---------------------------------------------------------------------------------------------
// The parse tree, each rule linked to its definition.

function showTree(settled, points) {
  const tree = $("tree");
  clear(tree);
  const record = value(settled);
  if (!record || !record.tree) {
    const why = !record ? "" : !record.valid ? "no tree: the input does not match" : "no tree: the input is over 65536 bytes";
    tree.appendChild(el("div", "empty", why));
    return;
  }
  $("tree-of").textContent = "(pest; rules that carry structure)";
  tree.appendChild(treeNode(record.tree, points, 0));
}

function treeNode(node, points, depth) {
  const label = el("span");
  const def = rules && rules.definitions.find((d) => d.rule === node.rule);
  const link = el("a", "rule", node.rule);
  link.href = def ? def.file : "#";
  if (def) link.title = def.spec + ", " + def.file + " line " + def.line;
  link.addEventListener("click", (e) => {
    e.preventDefault();
    if (def) {
      showDefinition(def).catch((err) => {
        $("status").textContent = err.message;
        $("status").className = "status error";
      });
    }
  });
  label.appendChild(link);
  label.appendChild(el("span", "span", " " + node.span.start + ".." + node.span.end + " "));
  const text = el("span", "text");
  appendText(text, points.filter((p) => p.offset >= node.span.start && p.offset < node.span.end));
  label.appendChild(text);
  if (!node.children.length) {
    const leaf = el("div", "leaf");
    leaf.appendChild(label);
    return leaf;
  }
  const details = el("details");
  details.open = depth < 6;
  const summary = el("summary");
  summary.appendChild(label);
  details.appendChild(summary);
  for (const child of node.children) details.appendChild(treeNode(child, points, depth + 1));
  return details;
}

async function showDefinition(def) {
  let text = grammarFiles.get(def.file);
  if (text === undefined) {
    // The grammar file, relative to the page: /grammar/FILE.abnf of `iri serve`, or the file of the
    // static build.
    const response = await fetch(def.file);
    if (!response.ok) throw new Error(def.file + ": " + response.status + " " + response.statusText);
    text = await response.text();
    grammarFiles.set(def.file, text);
  }
  const pre = $("abnf-text");
  clear(pre);
  const lines = text.split("\n");
  // The definition: its line and the continuation lines after it (RFC 5234 §4: they start with
  // white space).
  let last = def.line;
  while (last < lines.length && /^[ \t]+\S/.test(lines[last])) last++;
  let hit = null;
  lines.forEach((line, k) => {
    const n = k + 1;
    const row = el("span", "line");
    row.id = "L" + n;
    row.appendChild(el("span", "ln", String(n)));
    row.appendChild(document.createTextNode(line));
    if (n >= def.line && n <= last) {
      row.classList.add("hit");
      if (n === def.line) hit = row;
    }
    pre.appendChild(row);
  });
  $("abnf-title").textContent = def.rule + " · " + def.spec + " · " + def.file + " line " + def.line;
  $("abnf-raw").href = def.file;
  $("abnf").hidden = false;
  if (hit) pre.scrollTop = Math.max(0, hit.offsetTop - pre.offsetTop - 24);
}

// ---------------------------------------------------------------------------------------------
// Conversions and resolution.

function showConversions(settled, resolve, s) {
  const dl = $("conversions");
  clear(dl);
  const [toUri, toIri, fromLeiri] = settled.map(value);
  const row = (key, title, output, error, extra) => {
    dl.appendChild(el("dt", null, title));
    const dd = el("dd");
    dd.dataset.conversion = key;
    if (output !== null && output !== undefined) {
      dd.appendChild(textNode(output));
      if (output === s.input) dd.appendChild(el("span", "note", "unchanged"));
    } else {
      dd.className = "failed";
      dd.appendChild(textNode(error || ""));
    }
    if (extra) dd.appendChild(extra);
    dl.appendChild(dd);
  };
  if (toUri) {
    let notes = null;
    if (toUri.notes && toUri.notes.length) {
      notes = el("span", "note");
      appendText(notes, codePoints(toUri.notes.join("; ")));
    }
    row("to-uri", "IRI → URI (3987bis §3.6)", toUri.output, toUri.error && toUri.error.message, notes);
  }
  if (toIri) {
    let steps = null;
    if (toIri.steps) {
      steps = el("details");
      steps.appendChild(el("summary", null, "the six steps of §3.7 (notation of §3.7.1)"));
      const ol = el("ol");
      for (const step of toIri.steps) {
        const li = el("li");
        appendText(li, codePoints(step));
        ol.appendChild(li);
      }
      steps.appendChild(ol);
    }
    // An IRI that is not a URI has nothing to convert: say so, not a syntax error in red.
    const notUri = toIri.error && toIri.error.kind === "syntax" && toUri && toUri.input_valid;
    if (notUri) {
      dl.appendChild(el("dt", null, "URI → IRI (3987bis §3.7)"));
      const dd = el("dd", "note", "not a URI: the input is an IRI (it has characters outside US-ASCII); IRI → URI above converts it");
      dd.dataset.conversion = "to-iri";
      dd.dataset.notUri = "true";
      dl.appendChild(dd);
    } else {
      row("to-iri", "URI → IRI (3987bis §3.7)", toIri.output, toIri.error && toIri.error.message, steps);
    }
  }
  if (fromLeiri) {
    row("from-leiri", "LEIRI → IRI (3987bis §5.1)", fromLeiri.output, fromLeiri.error && fromLeiri.error.message);
  }
  if (s.base) {
    const r = value(resolve);
    const error = r ? r.error : resolve && resolve.reason ? resolve.reason.message : "";
    row("resolve", "resolved against the base (RFC 3986 §5.2)", r && r.target, error);
  }
}

// ---------------------------------------------------------------------------------------------
// Diagnostics: severity, code, message, section, and the span they concern.

function showDiagnostics(settled, points, s, isReference) {
  const ul = $("diagnostics");
  clear(ul);
  const record = value(settled);
  $("diagnostics-of").textContent = "(iri lint --grammar " + s.grammar + (isReference ? "" : "; the whole string as a reference") + ")";
  if (!record) return;
  if (!record.valid) {
    ul.appendChild(el("li", "empty", "not a reference of " + s.grammar + ": the lint reads references only"));
    return;
  }
  if (!record.diagnostics.length) {
    ul.appendChild(el("li", "empty", "no diagnostics"));
    return;
  }
  for (const d of record.diagnostics) {
    const li = el("li", d.severity);
    li.dataset.code = d.code;
    const head = el("div");
    head.appendChild(el("span", "sev " + d.severity, d.severity));
    head.appendChild(el("span", "code", d.code));
    li.appendChild(head);
    const message = el("div", "message");
    appendText(message, codePoints(d.message));
    li.appendChild(message);
    li.appendChild(el("div", "spec", d.spec + " · " + d.component + ", byte " + d.start + ", column " + d.column));
    li.appendChild(excerpt(points, d.start, d.end, "span"));
    if (d.suggestion !== undefined && d.suggestion !== null) {
      const sug = el("div", "spec");
      sug.appendChild(document.createTextNode(d.suggestion === "" ? "suggestion: remove it" : "suggestion: write "));
      if (d.suggestion !== "") sug.appendChild(textNode(d.suggestion));
      li.appendChild(sug);
    }
    ul.appendChild(li);
  }
  // The server keeps the first diagnostics of an input (iri serve --max-diagnostics, default 20).
  const omitted = record.diagnostics_omitted || 0;
  if (omitted > 0) {
    ul.appendChild(el("li", "empty", "and " + omitted + " more diagnostic" + (omitted === 1 ? "" : "s")));
  }
}

// ---------------------------------------------------------------------------------------------

async function start() {
  const f = readFragment();
  $("input").value = f.input === null ? DEFAULT_INPUT : f.input;
  $("base").value = f.base;
  if ([...$("grammar").options].some((o) => o.value === f.grammar)) $("grammar").value = f.grammar;
  try {
    await loadRules($("grammar").value, f.rule);
  } catch (e) {
    $("status").textContent = e.message;
    $("status").className = "status error";
  }
  $("input").addEventListener("input", schedule);
  $("base").addEventListener("input", schedule);
  $("rule").addEventListener("change", update);
  $("grammar").addEventListener("change", async () => {
    await loadRules($("grammar").value, $("rule").value);
    update();
  });
  $("abnf-close").addEventListener("click", () => {
    $("abnf").hidden = true;
  });
  window.addEventListener("hashchange", async () => {
    const g = readFragment();
    if (g.input !== null && g.input !== $("input").value) $("input").value = g.input;
    if (g.base !== $("base").value) $("base").value = g.base;
    const known = [...$("grammar").options].some((o) => o.value === g.grammar);
    if (known && g.grammar !== $("grammar").value) {
      $("grammar").value = g.grammar;
      await loadRules(g.grammar, g.rule);
    } else if (g.rule && g.rule !== $("rule").value) {
      $("rule").value = g.rule;
    }
    schedule();
  });
  await update();
  document.body.dataset.ready = "true";
}

start();
