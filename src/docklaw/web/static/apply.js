// docklaw /apply: check the application on every change (POST /apply/check, JSON) and show the
// verdict, what is still needed and each violation with how far off it is. A change of the code
// or of the structures re-renders the page (its questions depend on them); so does a drawing
// chosen for upload. Without this script every button submits the form and the page answers
// the same. No inline script, no network use beyond this site.
(function () {
  "use strict";

  var form = document.getElementById("apply-form");
  if (!form) return;
  var checkUrl = form.getAttribute("data-check");
  var timer = null;
  var sequence = 0;

  function isStructural(el) {
    return el && el.classList && el.classList.contains("structural");
  }

  function submitWith(action) {
    var hidden = document.createElement("input");
    hidden.type = "hidden";
    hidden.name = "action";
    hidden.value = action;
    form.appendChild(hidden);
    form.submit();
  }

  // "= 36.09 feet" beside a quantity typed in metres (or any unit other than the canonical)
  function convert(field) {
    var input = field.querySelector("input.quantity");
    var unit = field.querySelector("select.unit");
    var out = field.querySelector(".conversion");
    if (!input || !unit || !out) return;
    var option = unit.options[unit.selectedIndex];
    var factor = option ? parseFloat(option.getAttribute("data-factor")) : 1;
    var value = parseFloat(String(input.value).replace(/,/g, ""));
    if (!isFinite(value) || !isFinite(factor) || factor === 1) {
      out.textContent = "";
      return;
    }
    var converted = Math.round(value * factor * 10000) / 10000;
    out.textContent = "= " + converted + " " + out.getAttribute("data-canonical");
  }

  function item(parts) {
    var li = document.createElement("li");
    parts.forEach(function (part) {
      if (typeof part === "string") {
        li.appendChild(document.createTextNode(part));
      } else if (part) {
        li.appendChild(part);
      }
    });
    return li;
  }

  function link(text, href, title, cls) {
    if (!href) return document.createTextNode(text || "");
    var a = document.createElement("a");
    a.textContent = text || "";
    a.href = href;
    if (title) a.title = title;
    if (cls) a.className = cls;
    return a;
  }

  function fill(listId, entries, none, make) {
    var list = document.getElementById(listId);
    if (!list) return;
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!entries.length) {
      var li = item([none]);
      li.className = "none";
      list.appendChild(li);
      return;
    }
    entries.forEach(function (e) { list.appendChild(make(e)); });
  }

  function render(v) {
    var status = document.getElementById("apply-status");
    status.textContent = v.headline || "";
    status.className = "status-" + (v.status || "none");
    status.setAttribute("data-status", v.status || "");
    document.getElementById("apply-summary").textContent = v.summary || "";
    var error = document.getElementById("apply-error");
    error.textContent = v.error || "";
    error.hidden = !v.error;
    fill("apply-violations", v.violations || [], "none", function (x) {
      var strong = document.createElement("strong");
      strong.className = "Violation";
      strong.appendChild(link(x.section, x.href, x.text, "citation"));
      var parts = [strong, " (" + x.on + "): " + x.message];
      if (x.off) {
        var off = document.createElement("span");
        off.className = "off";
        off.textContent = x.off.value + ": " + x.off.excess + " " +
          (x.off.direction === "max" ? "over" : "short of") + " the limit of " + x.off.limit +
          (x.off.percent ? " (" + x.off.percent + ")" : "") + "; nearest conforming " +
          x.off.nearest;
        parts.push(document.createElement("br"), off);
      }
      var small = document.createElement("small");
      small.textContent = "relief: " + (x.relief || "none stated") +
        (x.relief_authority ? " (" + x.relief_authority + ")" : "");
      parts.push(document.createElement("br"), small);
      return item(parts);
    });
    fill("apply-needed", v.needed || [], "nothing", function (x) {
      var message = x.field ? link(x.message, "#" + x.field, null, "to-field")
        : document.createTextNode(x.message);
      return item([link(x.section, x.href, null, "citation"), " (" + x.on + "): ", message]);
    });
    fill("apply-warnings", v.warnings || [], "none", function (x) {
      return item([(x.section || "") + " (" + x.on + "): " + x.message]);
    });
    fill("apply-findings", v.findings || [], "none", function (x) {
      return item([(x.section || "") + " (" + x.on + "): " + x.message]);
    });
    var needed = {};
    (v.needed || []).forEach(function (x) { if (x.field) needed[x.field] = true; });
    Array.prototype.forEach.call(form.querySelectorAll(".field"), function (field) {
      field.classList.toggle("needed", !!needed[field.id]);
      var key = "v." + field.getAttribute("data-subject") + "." + field.getAttribute("data-prop");
      var message = (v.errors || {})[key];
      var shown = field.querySelector(".field-error");
      if (message) {
        if (!shown) {
          shown = document.createElement("strong");
          shown.className = "field-error";
          field.insertBefore(shown, field.querySelector(".served"));
        }
        shown.textContent = message;
      } else if (shown) {
        shown.parentNode.removeChild(shown);
      }
      field.classList.toggle("has-error", !!message);
    });
  }

  function check() {
    var body = new FormData(form);
    body.delete("drawing");  // a file is sent by the Upload button, not on every keystroke
    body.delete("action");
    var mine = ++sequence;
    form.setAttribute("data-state", "checking");
    fetch(checkUrl, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (v) {
        if (mine !== sequence) return;  // a later change is being checked
        render(v);
        form.setAttribute("data-state", "checked");
        form.setAttribute("data-checks", String(mine));
      })
      .catch(function (e) {
        if (mine !== sequence) return;
        var error = document.getElementById("apply-error");
        error.textContent = "the check failed: " + e;
        error.hidden = false;
        form.setAttribute("data-state", "failed");
      });
  }

  function schedule() {
    window.clearTimeout(timer);
    ++sequence;  // a check already on its way answers for a form that no longer stands
    form.setAttribute("data-state", "changed");
    timer = window.setTimeout(check, 300);
  }

  form.addEventListener("input", function (e) {
    if (isStructural(e.target) || e.target.type === "file") return;
    var field = e.target.closest ? e.target.closest(".field") : null;
    if (field) convert(field);
    schedule();
  });
  form.addEventListener("change", function (e) {
    if (isStructural(e.target)) { submitWith("check"); return; }
    if (e.target.id === "drawing-file") { submitWith("upload"); return; }
    var field = e.target.closest ? e.target.closest(".field") : null;
    if (field) convert(field);
    schedule();
  });
  Array.prototype.forEach.call(form.querySelectorAll(".field"), convert);
  form.setAttribute("data-state", "ready");
})();
