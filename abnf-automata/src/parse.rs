//! Reader for ABNF rule lists: RFC 5234 §4 ("ABNF Definition of ABNF"), with the case-sensitive and
//! case-insensitive string prefixes `%s"..."` / `%i"..."` of RFC 7405.
//!
//! This is a small recursive-descent reader written for this crate rather than the `abnf` crate from
//! crates.io: its errors carry no line numbers (they are combinator errors over the remaining input),
//! and a reference validator should report exactly which file and line of a specification it could not
//! read. What it accepts:
//!
//! - a rule begins at column 1 of a line (`rulename defined-as elements c-nl`, §4); a continuation line
//!   begins with white space (`c-wsp = WSP / (c-nl WSP)`), so an empty line or a comment line at column 1
//!   ends the rule before it;
//! - comments `; ...` to the end of the line (§3.9); besides the VCHARs of §4, any non-control character is
//!   allowed in a comment;
//! - line ends CRLF (§2.1, §4) or LF;
//! - `=` and `=/` (§3.3), groups `( )` (§3.5), options `[ ]` (§3.8), repetition `n*m`, `*m`, `n*`, `*`, `n`
//!   (§3.6, §3.7);
//! - quoted strings, case-insensitive (§2.3), and `%s"..."` (case-sensitive) / `%i"..."` (RFC 7405 §2.2);
//! - numeric values `%b`, `%d`, `%x` (either case), single, ranges `%x30-39` and concatenations
//!   `%x41.42.43` (§2.3, §3.4), up to `%x10FFFF`.
//!
//! Terminal values are Unicode code points (draft-ietf-iri-3987bis §2.2: "Terminals in the ABNF are
//! characters, not octets"). Values above U+10FFFF are an error. Surrogate code points (U+D800-DFFF) can
//! never occur in a Rust string: a range that covers some of them keeps its other code points, and a
//! value or a range made only of surrogates is an error. Prose values `<...>` (§4 `prose-val`) describe a
//! rule in words and are an error.

use std::collections::HashMap;

use crate::rules::{key, AbnfError, AbnfRules, Node, Origin, RuleDef};

/// Nesting depth of groups, options and repetitions allowed in one rule.
const MAX_NESTING: usize = 64;

/// The highest Unicode code point.
const MAX_CODE_POINT: u32 = 0x10_FFFF;

/// One rule as written in a file.
#[derive(Debug)]
pub(crate) struct ParsedRule {
    /// The name as spelled at its definition.
    pub name: String,
    /// `=/` rather than `=` (RFC 5234 §3.3).
    pub incremental: bool,
    /// The rule's elements.
    pub node: Node,
    /// 1-based line of the rule name.
    pub line: usize,
}

/// Reads the rule list `text` of the file `file`.
pub(crate) fn parse_rulelist(file: &str, text: &str) -> Result<Vec<ParsedRule>, AbnfError> {
    let mut reader = Reader {
        file,
        chars: text.chars().collect(),
        pos: 0,
        depth: 0,
    };
    reader.rulelist()
}

struct Reader<'a> {
    file: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

fn is_wsp(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn starts_element(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '*' | '(' | '[' | '"' | '%' | '<')
}

fn describe(c: Option<char>) -> String {
    match c {
        None => "the end of the file".to_string(),
        Some('\n') => "the end of the line".to_string(),
        Some('\r') => "a carriage return without a line feed".to_string(),
        Some(c) => format!("{c:?}"),
    }
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn bump(&mut self) {
        if self.pos < self.chars.len() {
            self.pos += 1;
        }
    }

    /// 1-based line and column (in characters) of the position `pos`.
    fn line_col(&self, pos: usize) -> (usize, usize) {
        let mut line = 1;
        let mut col = 1;
        for &c in self.chars.iter().take(pos) {
            if c == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        (line, col)
    }

    fn error_at(&self, pos: usize, message: impl Into<String>) -> AbnfError {
        let (line, column) = self.line_col(pos);
        AbnfError::Syntax {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    fn error(&self, message: impl Into<String>) -> AbnfError {
        self.error_at(self.pos, message)
    }

    /// Length of the line end at the current position: 2 for CRLF, 1 for LF, 0 if none.
    fn newline_len(&self) -> usize {
        match (self.peek(), self.peek_at(1)) {
            (Some('\r'), Some('\n')) => 2,
            (Some('\n'), _) => 1,
            _ => 0,
        }
    }

    /// Skips a comment (RFC 5234 §3.9) up to, not including, the line end.
    fn skip_comment(&mut self) -> Result<(), AbnfError> {
        while let Some(c) = self.peek() {
            if self.newline_len() > 0 {
                break;
            }
            if c.is_control() && c != '\t' {
                return Err(self.error(format!("control character {c:?} in a comment")));
            }
            self.bump();
        }
        Ok(())
    }

    /// `c-nl = comment / CRLF`: a comment and/or a line end, or the end of the file.
    fn c_nl(&mut self) -> Result<(), AbnfError> {
        if self.peek() == Some(';') {
            self.skip_comment()?;
        }
        let n = self.newline_len();
        if n > 0 {
            self.pos += n;
            Ok(())
        } else if self.peek().is_none() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected {}", describe(self.peek()))))
        }
    }

    /// `*c-wsp`, where `c-wsp = WSP / (c-nl WSP)`: white space, including line ends (with their
    /// comments) that are followed by a continuation line. Returns whether anything was skipped.
    fn skip_cwsp(&mut self) -> Result<bool, AbnfError> {
        let mut skipped = false;
        loop {
            match self.peek() {
                Some(c) if is_wsp(c) => {
                    self.bump();
                    skipped = true;
                }
                Some(';') | Some('\n') | Some('\r') => {
                    let save = self.pos;
                    if self.peek() == Some(';') {
                        self.skip_comment()?;
                    }
                    let n = self.newline_len();
                    if n > 0 && self.peek_at(n).is_some_and(is_wsp) {
                        self.pos += n;
                        skipped = true;
                    } else {
                        self.pos = save;
                        return Ok(skipped);
                    }
                }
                _ => return Ok(skipped),
            }
        }
    }

    /// `rulelist = 1*( rule / (*c-wsp c-nl) )` (RFC 5234 §4); an empty file is accepted too.
    fn rulelist(&mut self) -> Result<Vec<ParsedRule>, AbnfError> {
        let mut rules = Vec::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_alphabetic() {
                rules.push(self.rule()?);
            } else if is_wsp(c) {
                while self.peek().is_some_and(is_wsp) {
                    self.bump();
                }
                match self.peek() {
                    None | Some(';') | Some('\n') | Some('\r') => self.c_nl()?,
                    Some(_) => {
                        return Err(self.error(
                            "indented text continues no rule (a rule begins at column 1; an empty line or \
                             a comment at column 1 ends the rule before it, RFC 5234 §4)",
                        ))
                    }
                }
            } else if c == ';' || self.newline_len() > 0 {
                self.c_nl()?;
            } else {
                return Err(self.error(format!(
                    "expected a rule name, a comment or an empty line, found {}",
                    describe(Some(c))
                )));
            }
        }
        Ok(rules)
    }

    /// `rulename = ALPHA *(ALPHA / DIGIT / "-")` (RFC 5234 §2.1, §4).
    fn rulename(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '-' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        name
    }

    /// `rule = rulename defined-as elements c-nl` (RFC 5234 §4).
    fn rule(&mut self) -> Result<ParsedRule, AbnfError> {
        let (line, _) = self.line_col(self.pos);
        let name = self.rulename();
        self.skip_cwsp()?;
        if self.peek() != Some('=') {
            return Err(self.error(format!(
                "expected `=` or `=/` after the rule name `{name}`, found {}",
                describe(self.peek())
            )));
        }
        self.bump();
        let incremental = self.peek() == Some('/');
        if incremental {
            self.bump();
        }
        self.skip_cwsp()?;
        self.depth = 0;
        let node = self.alternation()?;
        self.skip_cwsp()?;
        match self.peek() {
            None | Some(';') | Some('\n') | Some('\r') => self.c_nl()?,
            Some(c) if starts_element(c) => {
                return Err(self.error(
                    "elements of a concatenation must be separated by white space (RFC 5234 §4)",
                ))
            }
            Some(c) => {
                return Err(self.error(format!(
                    "unexpected {} in the definition of `{name}`",
                    describe(Some(c))
                )))
            }
        }
        Ok(ParsedRule {
            name,
            incremental,
            node,
            line,
        })
    }

    /// `alternation = concatenation *(*c-wsp "/" *c-wsp concatenation)` (RFC 5234 §3.2).
    fn alternation(&mut self) -> Result<Node, AbnfError> {
        let mut alternatives = vec![self.concatenation()?];
        loop {
            let save = self.pos;
            self.skip_cwsp()?;
            if self.peek() == Some('/') {
                self.bump();
                self.skip_cwsp()?;
                alternatives.push(self.concatenation()?);
            } else {
                self.pos = save;
                break;
            }
        }
        Ok(if alternatives.len() == 1 {
            alternatives.remove(0)
        } else {
            Node::Alternation(alternatives)
        })
    }

    /// `concatenation = repetition *(1*c-wsp repetition)` (RFC 5234 §3.1).
    fn concatenation(&mut self) -> Result<Node, AbnfError> {
        let mut items = vec![self.repetition()?];
        loop {
            let save = self.pos;
            let skipped = self.skip_cwsp()?;
            match self.peek() {
                Some(c) if starts_element(c) => {
                    if !skipped {
                        return Err(self.error(
                            "elements of a concatenation must be separated by white space (RFC 5234 §4)",
                        ));
                    }
                    items.push(self.repetition()?);
                }
                _ => {
                    self.pos = save;
                    break;
                }
            }
        }
        Ok(if items.len() == 1 {
            items.remove(0)
        } else {
            Node::Concatenation(items)
        })
    }

    /// A decimal number of a repeat (RFC 5234 §3.6); `None` if there are no digits.
    fn decimal(&mut self) -> Result<Option<u32>, AbnfError> {
        let start = self.pos;
        let mut value: Option<u32> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            let v = value
                .unwrap_or(0)
                .checked_mul(10)
                .and_then(|v| v.checked_add(d))
                .ok_or_else(|| self.error_at(start, "repetition count is too large"))?;
            value = Some(v);
            self.bump();
        }
        Ok(value)
    }

    /// `repetition = [repeat] element`, `repeat = 1*DIGIT / (*DIGIT "*" *DIGIT)` (RFC 5234 §3.6, §3.7).
    fn repetition(&mut self) -> Result<Node, AbnfError> {
        let start = self.pos;
        let first = self.decimal()?;
        let bounds = if self.peek() == Some('*') {
            self.bump();
            let max = self.decimal()?;
            Some((first.unwrap_or(0), max))
        } else {
            first.map(|n| (n, Some(n)))
        };
        if bounds.is_some() && !self.peek().is_some_and(starts_element) {
            return Err(self.error(format!(
                "expected an element after the repetition count, found {}",
                describe(self.peek())
            )));
        }
        if let Some((min, Some(max))) = bounds {
            if min > max {
                return Err(self.error_at(
                    start,
                    format!("repetition {min}*{max} has a minimum above its maximum"),
                ));
            }
        }
        match bounds {
            None => self.element(),
            Some((min, max)) => {
                self.enter(start)?;
                let node = self.element()?;
                self.depth -= 1;
                Ok(Node::Repetition {
                    min,
                    max,
                    node: Box::new(node),
                })
            }
        }
    }

    fn enter(&mut self, pos: usize) -> Result<(), AbnfError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            Err(self.error_at(
                pos,
                format!("groups, options and repetitions nest more than {MAX_NESTING} deep"),
            ))
        } else {
            Ok(())
        }
    }

    /// `element = rulename / group / option / char-val / num-val / prose-val` (RFC 5234 §4).
    fn element(&mut self) -> Result<Node, AbnfError> {
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => Ok(Node::Rule(self.rulename())),
            Some(open @ ('(' | '[')) => {
                let close = if open == '(' { ')' } else { ']' };
                self.enter(start)?;
                self.bump();
                self.skip_cwsp()?;
                let inner = self.alternation()?;
                self.skip_cwsp()?;
                if self.peek() != Some(close) {
                    let (line, col) = self.line_col(start);
                    return Err(self.error(format!(
                        "expected `{close}` to close the `{open}` of line {line}, column {col}, found {}",
                        describe(self.peek())
                    )));
                }
                self.bump();
                self.depth -= 1;
                Ok(if open == '(' {
                    inner
                } else {
                    // RFC 5234 §3.8: `[foo bar]` is equivalent to `*1(foo bar)`.
                    Node::Repetition {
                        min: 0,
                        max: Some(1),
                        node: Box::new(inner),
                    }
                })
            }
            Some('"') => self.char_val(false),
            Some('%') => match self.peek_at(1) {
                Some('s' | 'S') if self.peek_at(2) == Some('"') => {
                    self.pos += 2;
                    self.char_val(true)
                }
                Some('i' | 'I') if self.peek_at(2) == Some('"') => {
                    self.pos += 2;
                    self.char_val(false)
                }
                Some(b @ ('b' | 'B' | 'd' | 'D' | 'x' | 'X')) => {
                    self.pos += 2;
                    self.num_val(b.to_ascii_lowercase(), start)
                }
                other => Err(self.error_at(
                    start,
                    format!(
                        "expected `%b`, `%d`, `%x`, `%s\"` or `%i\"`, found `%` followed by {}",
                        describe(other)
                    ),
                )),
            },
            Some('<') => Err(self.error(
                "prose value `<...>` (RFC 5234 §4 prose-val) describes a rule in words and cannot be \
                 compiled; write it in ABNF",
            )),
            other => Err(self.error(format!(
                "expected a rule name, `(`, `[`, a quoted string or a numeric value, found {}",
                describe(other)
            ))),
        }
    }

    /// `char-val = DQUOTE *(%x20-21 / %x23-7E) DQUOTE` (RFC 5234 §2.3, §4), the opening quote at the
    /// current position.
    fn char_val(&mut self, case_sensitive: bool) -> Result<Node, AbnfError> {
        let start = self.pos;
        self.bump();
        let mut text = String::new();
        loop {
            match self.peek() {
                Some('"') => {
                    self.bump();
                    return Ok(Node::String {
                        text,
                        case_sensitive,
                    });
                }
                Some(c) if matches!(c, '\x20'..='\x21' | '\x23'..='\x7E') => {
                    text.push(c);
                    self.bump();
                }
                Some('\n' | '\r') | None => {
                    return Err(self.error_at(start, "quoted string is not closed on its line"))
                }
                Some(c) => {
                    return Err(self.error(format!(
                        "character {c:?} is not allowed in a quoted string (RFC 5234 §4: \
                         %x20-21 / %x23-7E; use a numeric value)"
                    )))
                }
            }
        }
    }

    /// The digits of one numeric value in `base` (RFC 5234 §2.3, §4).
    fn number(&mut self, base: char) -> Result<u32, AbnfError> {
        let radix = match base {
            'b' => 2,
            'd' => 10,
            _ => 16,
        };
        let start = self.pos;
        let mut value: u32 = 0;
        let mut any = false;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(radix)) {
            value = value
                .checked_mul(radix)
                .and_then(|v| v.checked_add(d))
                .filter(|&v| v <= MAX_CODE_POINT)
                .ok_or_else(|| {
                    self.error_at(
                        start,
                        "numeric value is above the highest code point U+10FFFF",
                    )
                })?;
            any = true;
            self.bump();
        }
        if !any {
            return Err(self.error(format!(
                "expected a digit of base {radix} in the numeric value, found {}",
                describe(self.peek())
            )));
        }
        Ok(value)
    }

    /// `num-val = "%" (bin-val / dec-val / hex-val)` (RFC 5234 §4), the position after `%x` (`%b`, `%d`).
    fn num_val(&mut self, base: char, start: usize) -> Result<Node, AbnfError> {
        let first = self.number(base)?;
        match self.peek() {
            Some('-') => {
                self.bump();
                let last = self.number(base)?;
                if first > last {
                    return Err(self.error_at(
                        start,
                        format!("range U+{first:04X}-U+{last:04X} is empty (its start is above its end)"),
                    ));
                }
                if is_surrogate(first) && is_surrogate(last) {
                    return Err(self.error_at(
                        start,
                        "range is made only of surrogate code points, which no string contains",
                    ));
                }
                Ok(Node::Range { first, last })
            }
            Some('.') => {
                let mut values = vec![first];
                while self.peek() == Some('.') {
                    self.bump();
                    values.push(self.number(base)?);
                }
                if values.iter().any(|&v| is_surrogate(v)) {
                    return Err(self.error_at(
                        start,
                        "surrogate code point in a numeric value; no string contains it",
                    ));
                }
                Ok(Node::Concatenation(
                    values
                        .into_iter()
                        .map(|v| Node::Range { first: v, last: v })
                        .collect(),
                ))
            }
            _ => {
                if is_surrogate(first) {
                    return Err(self.error_at(
                        start,
                        "surrogate code point in a numeric value; no string contains it",
                    ));
                }
                Ok(Node::Range { first, last: first })
            }
        }
    }
}

/// Whether `v` is a surrogate code point (U+D800-DFFF).
pub(crate) fn is_surrogate(v: u32) -> bool {
    (0xD800..=0xDFFF).contains(&v)
}

// The reader of rule lists is the entry point of this module: `AbnfRules::parse`.
impl AbnfRules {
    /// Reads the rule lists of `sources`, given as `(file name, text)`, in order.
    ///
    /// Within one file a rule is defined once with `=` and may get more alternatives with `=/`
    /// (RFC 5234 §3.3). A rule defined with `=` in a later file replaces the rule of the same name of an
    /// earlier file, keeping its place in [`AbnfRules::rule_names`]; `=/` in a later file adds to it.
    pub fn parse(sources: &[(&str, &str)]) -> Result<AbnfRules, AbnfError> {
        let mut rules = AbnfRules {
            defs: Vec::new(),
            index: HashMap::new(),
        };
        for &(file, text) in sources {
            let mut in_this_file: HashMap<String, usize> = HashMap::new();
            for parsed in parse_rulelist(file, text)? {
                let k = key(&parsed.name);
                let existing = rules.index.get(&k).copied();
                if parsed.incremental {
                    let Some(i) = existing else {
                        return Err(AbnfError::Syntax {
                            file: file.to_string(),
                            line: parsed.line,
                            column: 1,
                            message: format!(
                                "`{} =/` adds alternatives to a rule that is not defined before it \
                                 (RFC 5234 §3.3)",
                                parsed.name
                            ),
                        });
                    };
                    let def = &mut rules.defs[i];
                    let old = std::mem::replace(&mut def.node, Node::Alternation(Vec::new()));
                    let mut alternatives = match old {
                        Node::Alternation(alternatives) => alternatives,
                        other => vec![other],
                    };
                    match parsed.node {
                        Node::Alternation(more) => alternatives.extend(more),
                        other => alternatives.push(other),
                    }
                    def.node = Node::Alternation(alternatives);
                    continue;
                }
                if let Some(first_line) = in_this_file.get(&k) {
                    return Err(AbnfError::Syntax {
                        file: file.to_string(),
                        line: parsed.line,
                        column: 1,
                        message: format!(
                            "rule `{}` is already defined on line {first_line} of this file; use `=/` to \
                             add alternatives (RFC 5234 §3.3)",
                            parsed.name
                        ),
                    });
                }
                in_this_file.insert(k.clone(), parsed.line);
                let def = RuleDef {
                    origin: Origin {
                        rule: parsed.name,
                        file: file.to_string(),
                        line: parsed.line,
                    },
                    node: parsed.node,
                };
                match existing {
                    Some(i) => rules.defs[i] = def,
                    None => {
                        rules.index.insert(k, rules.defs.len());
                        rules.defs.push(def);
                    }
                }
            }
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Node {
        let rules = parse_rulelist("t.abnf", text).expect("parses");
        assert_eq!(rules.len(), 1, "{rules:?}");
        rules
            .into_iter()
            .next()
            .map(|r| r.node)
            .unwrap_or(Node::Rule(String::new()))
    }

    fn err(text: &str) -> (usize, usize, String) {
        match parse_rulelist("t.abnf", text) {
            Err(AbnfError::Syntax {
                file,
                line,
                column,
                message,
            }) => {
                assert_eq!(file, "t.abnf");
                (line, column, message)
            }
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    fn range(first: u32, last: u32) -> Node {
        Node::Range { first, last }
    }

    #[test]
    fn numeric_values() {
        assert_eq!(one("a = %x41"), range(0x41, 0x41));
        assert_eq!(one("a = %X41-5a"), range(0x41, 0x5A));
        assert_eq!(one("a = %d65"), range(65, 65));
        assert_eq!(one("a = %b1000001"), range(65, 65));
        assert_eq!(one("a = %x10000-10FFFF"), range(0x10000, 0x10FFFF));
        assert_eq!(one("a = %x0-1F"), range(0, 0x1F));
        assert_eq!(
            one("a = %x41.42.43"),
            Node::Concatenation(vec![
                range(0x41, 0x41),
                range(0x42, 0x42),
                range(0x43, 0x43)
            ])
        );
        // Partly surrogate ranges are kept; the automaton leaves the surrogates out.
        assert_eq!(one("a = %x0-10FFFF"), range(0, 0x10FFFF));
    }

    #[test]
    fn strings() {
        assert_eq!(
            one(r#"a = "aB" %s"Cd" %i"eF""#),
            Node::Concatenation(vec![
                Node::String {
                    text: "aB".into(),
                    case_sensitive: false
                },
                Node::String {
                    text: "Cd".into(),
                    case_sensitive: true
                },
                Node::String {
                    text: "eF".into(),
                    case_sensitive: false
                },
            ])
        );
        assert_eq!(
            one(r#"a = "\""#),
            Node::String {
                text: "\\".into(),
                case_sensitive: false
            }
        );
        assert_eq!(
            one(r#"a = """#),
            Node::String {
                text: String::new(),
                case_sensitive: false
            }
        );
    }

    #[test]
    fn repetitions_and_groups() {
        let rep = |min, max: Option<u32>, node: Node| Node::Repetition {
            min,
            max,
            node: Box::new(node),
        };
        let r = |n: &str| Node::Rule(n.into());
        assert_eq!(one("a = *b"), rep(0, None, r("b")));
        assert_eq!(one("a = 1*b"), rep(1, None, r("b")));
        assert_eq!(one("a = *4b"), rep(0, Some(4), r("b")));
        assert_eq!(one("a = 2*4b"), rep(2, Some(4), r("b")));
        assert_eq!(one("a = 3b"), rep(3, Some(3), r("b")));
        assert_eq!(one("a = 0b"), rep(0, Some(0), r("b")));
        assert_eq!(
            one("a = [ b c ]"),
            rep(0, Some(1), Node::Concatenation(vec![r("b"), r("c")]))
        );
        assert_eq!(
            one("a = ( b / c ) d"),
            Node::Concatenation(vec![Node::Alternation(vec![r("b"), r("c")]), r("d")])
        );
    }

    #[test]
    fn layout_comments_and_continuations() {
        let text = "; leading comment\r\n\r\nfoo = a ; first\r\n      / b\r\n    ; only a comment\r\n      / c\r\nbar =/ d\n\n; x = y\n  \nbaz = e";
        let rules = parse_rulelist("t.abnf", text).expect("parses");
        let names: Vec<_> = rules
            .iter()
            .map(|r| (r.name.as_str(), r.incremental, r.line))
            .collect();
        assert_eq!(
            names,
            [("foo", false, 3), ("bar", true, 7), ("baz", false, 11)]
        );
        assert_eq!(
            rules[0].node,
            Node::Alternation(vec![
                Node::Rule("a".into()),
                Node::Rule("b".into()),
                Node::Rule("c".into())
            ])
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let (line, col, msg) = err("a = b\nc = <prose>\n");
        assert_eq!((line, col), (2, 5));
        assert!(msg.contains("prose"), "{msg}");

        let (line, _, msg) = err("a = b\n\n   / c\n");
        assert_eq!(line, 3);
        assert!(msg.contains("continues no rule"), "{msg}");

        let (line, _, msg) = err("a = ( b\n");
        assert_eq!(line, 1);
        assert!(msg.contains("`)`"), "{msg}");

        let (_, _, msg) = err("a = 4*2b");
        assert!(msg.contains("minimum above its maximum"), "{msg}");
        let (_, _, msg) = err("a = %x110000");
        assert!(msg.contains("U+10FFFF"), "{msg}");
        let (_, _, msg) = err("a = %xD800");
        assert!(msg.contains("surrogate"), "{msg}");
        let (_, _, msg) = err("a = %xD800-DBFF");
        assert!(msg.contains("surrogate"), "{msg}");
        let (_, _, msg) = err("a = %x5A-41");
        assert!(msg.contains("empty"), "{msg}");
        let (_, _, msg) = err("a = \"abc\n");
        assert!(msg.contains("not closed"), "{msg}");
        let (_, _, msg) = err("a = \"é\"");
        assert!(msg.contains("not allowed in a quoted string"), "{msg}");
        let (_, _, msg) = err("a = \"a\"\"b\"");
        assert!(msg.contains("white space"), "{msg}");
        let (_, _, msg) = err("a = b )");
        assert!(msg.contains("unexpected"), "{msg}");
        let (_, _, msg) = err("a b");
        assert!(msg.contains("`=`"), "{msg}");
        let (_, _, msg) = err("a = %q1");
        assert!(msg.contains("%b"), "{msg}");
        let (_, _, msg) = err("a = 3");
        assert!(msg.contains("after the repetition count"), "{msg}");
        let (_, _, msg) = err("a = '\"'");
        assert!(msg.contains("'\\''"), "{msg}");
        let (_, _, msg) = err("a = 99999999999b");
        assert!(msg.contains("too large"), "{msg}");
        let (line, _, msg) = err("a = b\r\nc = d\re = f\r\n");
        assert_eq!(line, 2);
        assert!(msg.contains("carriage return"), "{msg}");
        let (line, _, _) = err("-a = b");
        assert_eq!(line, 1);
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = format!("a = {}b{}", "(".repeat(100), ")".repeat(100));
        let (_, _, msg) = err(&deep);
        assert!(msg.contains("nest"), "{msg}");
        let ok = format!("a = {}b{}", "(".repeat(50), ")".repeat(50));
        assert_eq!(one(&ok), Node::Rule("b".into()));
    }
}
