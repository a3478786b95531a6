// docklaw pages: the query editor (SPARQL highlighting, completion of the project's terms,
// Ctrl+Enter runs). No network use, no inline script: the editor reads its prefixes and terms
// from the textarea's data- attributes.
(function () {
  "use strict";

  var KEYWORDS = ("SELECT CONSTRUCT DESCRIBE ASK WHERE PREFIX BASE FROM NAMED OPTIONAL FILTER " +
    "UNION MINUS GRAPH BIND VALUES AS DISTINCT REDUCED ORDER BY ASC DESC LIMIT OFFSET GROUP " +
    "HAVING NOT EXISTS IN SERVICE UNDEF a true false COUNT SUM MIN MAX AVG SAMPLE " +
    "GROUP_CONCAT SEPARATOR STR LANG LANGMATCHES DATATYPE BOUND IRI URI BNODE RAND ABS CEIL " +
    "FLOOR ROUND CONCAT STRLEN UCASE LCASE ENCODE_FOR_URI CONTAINS STRSTARTS STRENDS " +
    "STRBEFORE STRAFTER YEAR MONTH DAY HOURS MINUTES SECONDS TIMEZONE TZ NOW UUID STRUUID MD5 " +
    "SHA1 SHA256 SHA384 SHA512 COALESCE IF STRLANG STRDT sameTerm isIRI isURI isBLANK " +
    "isLITERAL isNUMERIC REGEX SUBSTR REPLACE").split(" ");
  var KEYWORD_SET = {};
  KEYWORDS.forEach(function (k) { KEYWORD_SET[k.toUpperCase()] = true; });

  // one regex, one alternative per token class (order matters)
  var TOKEN = new RegExp([
    "(#[^\\n]*)",                                   // 1 comment
    "(\"\"\"[\\s\\S]*?\"\"\"|'''[\\s\\S]*?'''|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*')", // 2 string
    "(<[^<>\\s]*>)",                                // 3 IRI
    "([?$][A-Za-z_][\\w]*)",                        // 4 variable
    "([A-Za-z][\\w-]*)?:([A-Za-z_][\\w-]*)?",       // 5,6 prefixed name
    "(@[A-Za-z]+(?:-[A-Za-z0-9]+)*)",               // 7 language tag
    "([+-]?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)",    // 8 number
    "([A-Za-z_]+)"                                  // 9 word
  ].join("|"), "g");

  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function span(cls, text) {
    return "<span class=\"tok-" + cls + "\">" + escapeHtml(text) + "</span>";
  }

  function highlight(text) {
    var out = "", last = 0, m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) {
      if (m[0] === "") { TOKEN.lastIndex++; continue; }
      out += escapeHtml(text.slice(last, m.index));
      if (m[1]) out += span("comment", m[0]);
      else if (m[2]) out += span("string", m[0]);
      else if (m[3]) out += span("iri", m[0]);
      else if (m[4]) out += span("var", m[0]);
      else if (m[5] !== undefined || m[6] !== undefined || m[0].indexOf(":") >= 0)
        out += span("pname", m[0]);
      else if (m[7]) out += span("lang", m[0]);
      else if (m[8]) out += span("number", m[0]);
      else if (m[9] && KEYWORD_SET[m[9].toUpperCase()]) out += span("keyword", m[0]);
      else out += escapeHtml(m[0]);
      last = m.index + m[0].length;
    }
    return out + escapeHtml(text.slice(last)) + "\n";
  }

  function parseJson(text, fallback) {
    try { return JSON.parse(text || ""); } catch (e) { return fallback; }
  }

  function Editor(textarea) {
    this.textarea = textarea;
    this.code = document.getElementById("query-highlight");
    this.list = document.getElementById("completions");
    this.terms = parseJson(textarea.getAttribute("data-terms"), []);
    var prefixes = parseJson(textarea.getAttribute("data-prefixes"), {});
    var self = this;
    Object.keys(prefixes).forEach(function (p) { self.terms.push(p + ":"); });
    this.choices = [];
    this.active = 0;
    textarea.classList.add("highlighted");
    textarea.addEventListener("input", function () { self.render(); self.complete(false); });
    textarea.addEventListener("scroll", function () { self.sync(); });
    textarea.addEventListener("keydown", function (e) { self.keydown(e); });
    textarea.addEventListener("blur", function () {
      window.setTimeout(function () { self.close(); }, 150);
    });
    this.render();
  }

  Editor.prototype.render = function () {
    if (this.code) this.code.innerHTML = highlight(this.textarea.value);
    this.sync();
  };

  Editor.prototype.sync = function () {
    var pre = this.code && this.code.parentNode;
    if (pre) { pre.scrollTop = this.textarea.scrollTop; pre.scrollLeft = this.textarea.scrollLeft; }
  };

  // the prefixed-name fragment before the cursor ("dl:Sec"), or "" if none
  Editor.prototype.fragment = function () {
    var before = this.textarea.value.slice(0, this.textarea.selectionStart);
    var m = /(?:^|[^\w:?$<"'-])([A-Za-z][\w-]*:?[\w-]*)$/.exec(before);
    return m ? m[1] : "";
  };

  Editor.prototype.complete = function (forced) {
    var frag = this.fragment();
    if (!this.list || (!forced && frag.indexOf(":") < 0) || frag.length < 1) {
      this.close();
      return;
    }
    var lower = frag.toLowerCase();
    this.choices = this.terms.filter(function (t) {
      return t.toLowerCase().indexOf(lower) === 0 && t !== frag;
    }).slice(0, 12);
    if (!this.choices.length) { this.close(); return; }
    this.active = 0;
    this.list.innerHTML = "";
    var self = this;
    this.choices.forEach(function (t, i) {
      var li = document.createElement("li");
      li.textContent = t;
      li.setAttribute("role", "option");
      li.addEventListener("mousedown", function (e) { e.preventDefault(); self.accept(i); });
      self.list.appendChild(li);
    });
    this.mark();
    this.list.hidden = false;
  };

  Editor.prototype.mark = function () {
    var items = this.list.children;
    for (var i = 0; i < items.length; i++) {
      items[i].className = i === this.active ? "active" : "";
      items[i].setAttribute("aria-selected", i === this.active ? "true" : "false");
    }
  };

  Editor.prototype.close = function () {
    if (this.list) this.list.hidden = true;
    this.choices = [];
  };

  Editor.prototype.accept = function (i) {
    var term = this.choices[i];
    if (!term) return;
    var ta = this.textarea, frag = this.fragment(), pos = ta.selectionStart;
    ta.value = ta.value.slice(0, pos - frag.length) + term + ta.value.slice(pos);
    ta.selectionStart = ta.selectionEnd = pos - frag.length + term.length;
    this.close();
    this.render();
    ta.focus();
  };

  Editor.prototype.keydown = function (e) {
    var open = this.list && !this.list.hidden && this.choices.length;
    if (e.key === " " && e.ctrlKey) { e.preventDefault(); this.complete(true); return; }
    if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      var n = this.choices.length;
      this.active = (this.active + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
      this.mark();
      return;
    }
    if (open && (e.key === "Tab" || (e.key === "Enter" && !e.ctrlKey && !e.metaKey))) {
      e.preventDefault();
      this.accept(this.active);
      return;
    }
    if (open && e.key === "Escape") { e.preventDefault(); this.close(); return; }
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      var form = document.getElementById("query-form");
      if (form) { chooseMethod(form, this.textarea); form.submit(); }
    }
  };

  // URLs past ~4 KB are cut or refused by browsers and proxies: a long query is POSTed
  // (the page answers the same; only the permalink is lost).
  var LONG_QUERY = 3000;
  function chooseMethod(form, textarea) {
    form.method = encodeURIComponent(textarea.value).length > LONG_QUERY ? "post" : "get";
  }

  var textarea = document.getElementById("query");
  if (textarea) window.docklawEditor = new Editor(textarea);
  var queryForm = document.getElementById("query-form");
  if (textarea && queryForm) {
    queryForm.addEventListener("submit", function () { chooseMethod(queryForm, textarea); });
  }
  window.docklawHighlight = highlight;
})();
