// docklaw pages: the query editor (SPARQL highlighting, completion of the project's terms,
// Ctrl+Enter runs). No network use, no inline script: the editor reads its prefixes and terms
// from the textarea's data- attributes.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

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

// Navigation: on a narrow screen the links fold behind a Menu button (without script they
// simply wrap).
(function () {
  "use strict";
  var nav = document.getElementById("site-nav");
  var toggle = document.getElementById("nav-toggle");
  if (!nav || !toggle) return;
  toggle.addEventListener("click", function () {
    var open = nav.classList.toggle("open");
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  });
})();

// Result tables: click a column heading to sort (numbers as numbers, again to reverse);
// long tables are paged. Tables opt in with class "sortable" / "paged"; the server-rendered
// order and every row stay in the page (printing shows them all).
(function () {
  "use strict";
  var PAGE_SIZES = [25, 50, 100, 0];  // 0: all

  function cellText(row, index) {
    var cell = row.cells[index];
    return cell ? cell.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // a cell that is a number and nothing else ("1,200", "$250", "-3.5"); "§ 73-11H" or
  // "100 feet" are text, sorted with numeric collation
  function asNumber(text) {
    var cleaned = text.replace(/,/g, "").replace(/^\$\s*/, "");
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
    var n = parseFloat(cleaned);
    return isNaN(n) ? null : n;
  }

  function Pager(table) {
    this.table = table;
    this.size = PAGE_SIZES[0];
    this.page = 0;
    var bar = document.createElement("div");
    bar.className = "pager no-print";
    bar.setAttribute("aria-label", "Pages of this table");
    this.bar = bar;
    var wrap = table.parentNode && table.parentNode.classList &&
      table.parentNode.classList.contains("table-wrap") ? table.parentNode : table;
    wrap.parentNode.insertBefore(bar, wrap);
    this.render();
  }

  Pager.prototype.rows = function () {
    return Array.prototype.slice.call(this.table.tBodies[0].rows);
  };

  Pager.prototype.render = function () {
    var rows = this.rows(), total = rows.length, size = this.size || total;
    var pages = Math.max(1, Math.ceil(total / size));
    if (this.page >= pages) this.page = pages - 1;
    var first = this.page * size;
    rows.forEach(function (row, i) { row.hidden = i < first || i >= first + size; });
    var self = this;
    this.bar.innerHTML = "";
    var info = document.createElement("span");
    info.className = "pager-info";
    info.textContent = "rows " + (total ? first + 1 : 0) + "\u2013" +
      Math.min(first + size, total) + " of " + total;
    this.bar.appendChild(info);
    [["\u2039 previous", -1], ["next \u203A", 1]].forEach(function (spec) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = spec[0];
      b.className = spec[1] < 0 ? "pager-prev" : "pager-next";
      b.disabled = spec[1] < 0 ? self.page === 0 : self.page >= pages - 1;
      b.addEventListener("click", function () { self.page += spec[1]; self.render(); });
      self.bar.appendChild(b);
    });
    var label = document.createElement("label");
    label.textContent = "per page ";
    var select = document.createElement("select");
    select.className = "pager-size";
    PAGE_SIZES.forEach(function (n) {
      var o = document.createElement("option");
      o.value = String(n);
      o.textContent = n ? String(n) : "all";
      if (n === self.size) o.selected = true;
      select.appendChild(o);
    });
    select.addEventListener("change", function () {
      self.size = parseInt(select.value, 10);
      self.page = 0;
      self.render();
    });
    label.appendChild(select);
    this.bar.appendChild(label);
  };

  function makeSortable(table, pager) {
    var head = table.tHead;
    if (!head || !head.rows.length || !table.tBodies.length) return;
    var headers = head.rows[head.rows.length - 1].cells;
    Array.prototype.forEach.call(headers, function (th, index) {
      th.setAttribute("data-sort", "");
      th.setAttribute("tabindex", "0");
      th.setAttribute("title", "sort by this column");
      function sort() {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(headers, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var numeric = rows.every(function (r) {
          var t = cellText(r, index);
          return t === "" || asNumber(t) !== null;
        });
        rows.sort(function (a, b) {
          var x = cellText(a, index), y = cellText(b, index), c;
          if (numeric) {
            var nx = asNumber(x), ny = asNumber(y);
            c = (nx === null ? -Infinity : nx) - (ny === null ? -Infinity : ny);
          } else {
            c = x.localeCompare(y, undefined, { numeric: true, sensitivity: "base" });
          }
          return ascending ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
        if (pager) { pager.page = 0; pager.render(); }
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
      });
    });
  }

  var pagers = [];
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable, table.paged"),
    function (table) {
      if (!table.tBodies.length) return;
      var pager = null;
      if (table.classList.contains("paged") && table.tBodies[0].rows.length > PAGE_SIZES[0]) {
        pager = new Pager(table);
        pagers.push(pager);
      }
      if (table.classList.contains("sortable")) makeSortable(table, pager);
    });

  // printing shows every row and opens every folded detail
  var saved = [];
  window.addEventListener("beforeprint", function () {
    saved = pagers.map(function (p) { return p.size; });
    pagers.forEach(function (p) { p.size = 0; p.render(); });
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) {
      if (!d.open) { d.setAttribute("data-print-opened", ""); d.open = true; }
    });
  });
  window.addEventListener("afterprint", function () {
    pagers.forEach(function (p, i) { p.size = saved[i]; p.render(); });
    Array.prototype.forEach.call(document.querySelectorAll("details[data-print-opened]"),
      function (d) { d.open = false; d.removeAttribute("data-print-opened"); });
  });
})();
