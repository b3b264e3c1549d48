// depyf report: a search box on the overview, expand/collapse all, and a marker
// that the page's script ran without error (the report's browser test reads it).
"use strict";
window.depyfScriptErrors = [];
window.addEventListener("error", function (event) {
  window.depyfScriptErrors.push(String(event.message));
  document.documentElement.setAttribute("data-script-errors", window.depyfScriptErrors.join(" | "));
});

function depyfSearch(input) {
  var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
  var items = document.querySelectorAll(".searchable");
  var shown = 0;
  items.forEach(function (item) {
    var text = item.textContent.toLowerCase();
    var match = words.every(function (word) { return text.indexOf(word) >= 0; });
    item.classList.toggle("hidden-by-search", !match);
    if (match) shown += 1;
  });
  // A match inside a closed section opens it.
  document.querySelectorAll("details.collapsible").forEach(function (details) {
    if (words.length && details.querySelector(".searchable:not(.hidden-by-search)")) details.open = true;
  });
  var count = document.getElementById("search-count");
  if (count) count.textContent = words.length ? shown + " of " + items.length + " shown" : "";
}

document.addEventListener("DOMContentLoaded", function () {
  var input = document.getElementById("search");
  if (input) {
    input.addEventListener("input", function () { depyfSearch(input); });
    var query = new URLSearchParams(window.location.search).get("q");
    if (query) { input.value = query; depyfSearch(input); }
  }
  document.querySelectorAll("button.toggle-all").forEach(function (button) {
    button.addEventListener("click", function () {
      var open = button.getAttribute("data-open") === "1";
      document.querySelectorAll("details").forEach(function (details) { details.open = open; });
    });
  });
  // Opening a link to a line or section inside a closed block opens the block.
  if (window.location.hash) {
    var target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
  }
  document.documentElement.setAttribute("data-report-ready", "1");
});
