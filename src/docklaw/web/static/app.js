// docklaw query page: Ctrl+Enter runs the editor's query. No network use beyond this server.
(function () {
  "use strict";
  var editor = document.getElementById("query");
  var form = document.getElementById("query-form");
  if (editor && form) {
    editor.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.submit();
      }
    });
  }
})();
