import SpinDSLFrontEnd
import SpinDSLRunner
import SpinDSLChecker

/// The page `spinrun --html` writes, in the pieces the diagram and the data go between: plain
/// HTML, CSS and JavaScript, written by hand, with nothing fetched from anywhere (the
/// Content-Security-Policy forbids it: `default-src 'none'`).
///
/// The script only shows what the run wrote: each step is a record of the JSON Lines trace, and
/// the configuration, data and changed cells at step N are read off the records up to N (the last
/// record of each spin), never computed again from the spec.
enum HTMLViewerTemplate {
    /// Everything before the page's title.
    static let head = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>
"""#

    /// From the title to the diagram's SVG.
    static let beforeDiagram = #"""
</title>
<style>
:root {
  --ink: #1d232a; --muted: #5b6570; --line: #d5dae0; --panel: #f6f7f9; --accent: #0a5bbf;
  /* Lit things are told apart by more than hue: a filled leaf has a thick dark border and a bold
     label, a lit ancestor a thick undashed outline and a bold label, the taken edge is three
     times as thick with a bold label. */
  --leaf: #ffd24d; --leaf-edge: #111; --ancestor: #0a5bbf; --taken: #c2410c; --changed: #fff1c2;
}
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
header { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: baseline; padding: 10px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 16px; margin: 0; }
#status { font-weight: 600; }
#status.bad { color: #a40000; }
#status.good { color: #116329; }
#finding { flex-basis: 100%; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; font-size: 12.5px; white-space: pre-wrap; margin: 0; }
#finding:empty { display: none; }
#controls { display: flex; gap: 10px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--line); }
#controls button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
#controls button:focus-visible, #slider:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
#slider { flex: 1; min-width: 120px; }
#position { font-variant-numeric: tabular-nums; min-width: 12ch; text-align: right; }
#current { padding: 4px 16px 8px; border-bottom: 1px solid var(--line); font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; font-size: 12.5px; min-height: 2em; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr); gap: 0; height: calc(100vh - 150px); min-height: 360px; }
#diagram-pane { position: relative; border-right: 1px solid var(--line); overflow: hidden; }
#diagram { width: 100%; height: 100%; overflow: auto; cursor: grab; }
#diagram.dragging { cursor: grabbing; }
#diagram figure { margin: 8px; }
#diagram svg { display: block; }
#zoom { position: absolute; right: 10px; top: 8px; display: flex; gap: 4px; }
#zoom button { font: inherit; width: 2.2em; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
#side { display: flex; flex-direction: column; min-height: 0; }
#side h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 10px 12px 4px; }
#data-wrap { max-height: 40%; overflow: auto; padding: 0 12px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 2px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
td.value { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; word-break: break-all; }
td.changed { background: var(--changed); box-shadow: inset 3px 0 0 var(--taken); font-weight: 700; }
td.changed::after { content: " \2190  changed"; font-weight: 400; color: var(--muted); font-family: system-ui, sans-serif; }
#events { flex: 1; overflow: auto; margin: 0 12px 12px; border: 1px solid var(--line); }
#events table { font-size: 12.5px; }
#events tr { cursor: pointer; }
#events tr:hover td { background: #eef3fb; }
#events tr.selected td { background: #dbe8fb; box-shadow: inset 0 -1px 0 var(--accent); font-weight: 600; }
#events tr.cycle td.num { border-left: 4px double var(--accent); }
#events tr.cycle-start td { font-style: italic; }
#events td.num, #events td.time { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
#events td.src { color: var(--muted); white-space: nowrap; }
#events .more td { cursor: default; color: var(--muted); text-align: center; }
/* The diagram: Graphviz's own colours stay; the lit ones are drawn over them. */
g.lit-leaf > ellipse, g.lit-leaf > polygon, g.lit-leaf > path { fill: var(--leaf); stroke: var(--leaf-edge); stroke-width: 3.5px; }
g.lit-leaf > text { font-weight: 700; }
g.lit-ancestor > polygon, g.lit-ancestor > path { stroke: var(--ancestor); stroke-width: 3.5px; stroke-dasharray: none; }
g.lit-ancestor > text { fill: var(--ancestor); font-weight: 700; }
g.lit-edge > path { stroke: var(--taken); stroke-width: 4px; }
g.lit-edge > polygon { stroke: var(--taken); fill: var(--taken); stroke-width: 2px; }
g.lit-edge > text { fill: var(--taken); font-weight: 700; }
.legend { display: flex; gap: 14px; padding: 4px 16px; font-size: 12px; color: var(--muted); flex-wrap: wrap; }
.legend span::before { content: ""; display: inline-block; width: 14px; height: 10px; margin-right: 5px; vertical-align: -1px; }
.legend .l-leaf::before { background: var(--leaf); border: 2.5px solid var(--leaf-edge); }
.legend .l-ancestor::before { border: 2.5px solid var(--ancestor); }
.legend .l-edge::before { height: 0; border-top: 4px solid var(--taken); vertical-align: 3px; }
.legend .l-changed::before { background: var(--changed); border-left: 3px solid var(--taken); }
@media (max-width: 800px) { main { grid-template-columns: 1fr; height: auto; } #diagram { height: 60vh; } }
</style>
</head>
<body data-step="0" data-active="">
<header>
  <h1 id="title"></h1>
  <span id="status"></span>
  <span id="totals"></span>
  <pre id="finding"></pre>
</header>
<div id="controls">
  <button id="first" type="button" title="First step (Home)">|&#x25C0;</button>
  <button id="previous" type="button" title="Previous step (&#x2190;)">&#x25C0;</button>
  <input id="slider" type="range" min="0" max="0" value="0" step="1" aria-label="Step">
  <button id="next" type="button" title="Next step (&#x2192;)">&#x25B6;</button>
  <button id="last" type="button" title="Last step (End)">&#x25B6;|</button>
  <span id="position"></span>
</div>
<div id="current"></div>
<div class="legend"><span class="l-leaf">active state</span><span class="l-ancestor">its compound or parallel parents</span><span class="l-edge">transition taken</span><span class="l-changed">data changed by the step</span></div>
<main>
  <div id="diagram-pane">
    <div id="diagram">

"""#

    /// From the diagram's SVG to the page's data.
    static let beforeData = #"""

    </div>
    <div id="zoom"><button id="zoom-in" type="button" title="Zoom in">+</button><button id="zoom-out" type="button" title="Zoom out">&#x2212;</button><button id="zoom-fit" type="button" title="Fit to the window">&#x2922;</button></div>
  </div>
  <div id="side">
    <h2>Data</h2>
    <div id="data-wrap"><table id="data"><thead><tr><th>spin</th><th>field</th><th>value</th></tr></thead><tbody></tbody></table></div>
    <h2>Events</h2>
    <div id="events"><table><thead><tr><th>#</th><th>time</th><th>spin</th><th>event</th><th>source</th></tr></thead><tbody></tbody></table></div>
  </div>
</main>
<script type="application/json" id="trace">

"""#

    /// From the data to the end: the script.
    static let tail = #"""

</script>
<script>
"use strict";
(function () {
  var trace = JSON.parse(document.getElementById("trace").textContent);
  var steps = trace.steps;
  var spins = trace.spins;
  var last = steps.length;
  var spinIndex = {};
  spins.forEach(function (spin, index) { spinIndex[spin.name] = index; });

  // Where each spin stands before step 1 and, every CHECKPOINT steps, the index of each spin's
  // latest record: finding the configuration at any step reads at most CHECKPOINT records.
  var CHECKPOINT = 512;
  var checkpoints = [];
  (function () {
    var latest = spins.map(function () { return -1; });
    for (var i = 0; i < last; i++) {
      if (i % CHECKPOINT === 0) checkpoints.push(latest.slice());
      var s = spinIndex[steps[i].spin];
      if (s !== undefined) latest[s] = i;
    }
    checkpoints.push(latest.slice());
  })();

  /// The index of spin s's latest record among the first n steps, or -1.
  function latestRecord(s, n) {
    var block = Math.floor(n / CHECKPOINT);
    for (var i = n - 1; i >= block * CHECKPOINT; i--) {
      if (spinIndex[steps[i].spin] === s) return i;
    }
    return checkpoints[block] ? checkpoints[block][s] : -1;
  }

  /// A spin's control state as the trace writes it (a name, an array of leaves, or null) as a list.
  function leaves(control) {
    if (control === null || control === undefined) return [];
    return Array.isArray(control) ? control : [control];
  }

  /// Spin s after the first n steps: its leaves and data.
  function spinAt(s, n) {
    var i = latestRecord(s, n);
    if (i < 0) return { leaves: spins[s].initial, data: spins[s].data, record: -1 };
    return { leaves: leaves(steps[i].to), data: steps[i].state, record: i };
  }

  // The diagram's elements, found by the ids the DOT export gave them.
  var svgs = Array.prototype.slice.call(document.querySelectorAll("#diagram svg"));
  function element(id) { return id ? document.getElementById(id) : null; }
  var lit = [];
  function light(el, cls) {
    if (!el) return;
    el.classList.add(cls);
    lit.push([el, cls]);
  }
  function stateNamed(spin, name) {
    for (var i = 0; i < spin.states.length; i++) if (spin.states[i].name === name) return i;
    return -1;
  }
  function ancestorsOrSelf(spin, state) {
    var out = [];
    for (var at = state; at !== null && at !== undefined && at >= 0; at = spin.states[at].parent) out.push(at);
    return out;
  }

  /// The edges the record's step took: of its spin, on its event, from an active state before the
  /// step (or a parent of one) to an active state after it (or a parent of one).
  function takenEdges(record) {
    var s = spinIndex[record.spin];
    if (s === undefined || record.changed === false) return [];
    var spin = spins[s];
    var event = record.event === null ? "" : record.event.name;
    var before = {}, after = {};
    leaves(record.from).forEach(function (name) { ancestorsOrSelf(spin, stateNamed(spin, name)).forEach(function (a) { before[a] = true; }); });
    leaves(record.to).forEach(function (name) { ancestorsOrSelf(spin, stateNamed(spin, name)).forEach(function (a) { after[a] = true; }); });
    return spin.edges.filter(function (edge) {
      if (edge.events.indexOf(event) < 0) return false;
      if (edge.from === null) return true;
      return before[edge.from] && after[edge.to];
    });
  }

  var slider = document.getElementById("slider");
  slider.max = String(last);
  var current = -1;

  function text(el, value) { el.textContent = value; }
  function payloadText(payload) {
    var keys = payload ? Object.keys(payload) : [];
    return keys.length ? " " + JSON.stringify(payload) : "";
  }
  function eventText(record) {
    return record.event === null ? "(eventless)" : record.event.name + payloadText(record.event.payload);
  }
  function controlText(control) {
    var names = leaves(control);
    return names.length > 1 ? "[" + names.join(", ") + "]" : (names[0] || "");
  }

  function render(n) {
    n = Math.max(0, Math.min(last, Math.floor(n) || 0));
    if (n === current) return;
    current = n;
    lit.forEach(function (pair) { pair[0].classList.remove(pair[1]); });
    lit = [];
    var active = [];
    var rows = [];
    var record = n > 0 ? steps[n - 1] : null;
    var stepSpin = record ? spinIndex[record.spin] : undefined;
    spins.forEach(function (spin, s) {
      var at = spinAt(s, n);
      at.leaves.forEach(function (name) {
        active.push(spin.name + "." + name);
        var state = stateNamed(spin, name);
        ancestorsOrSelf(spin, state).forEach(function (a, depth) {
          light(element(spin.states[a].id), depth === 0 ? "lit-leaf" : "lit-ancestor");
        });
      });
      // The cells the step changed: its spin's fields that differ from that spin's data before it.
      var before = null;
      if (s === stepSpin) {
        var previous = latestRecord(s, n - 1);
        before = previous < 0 ? spin.data : steps[previous].state;
      }
      Object.keys(at.data || {}).forEach(function (field) {
        var value = JSON.stringify(at.data[field]);
        var changed = before !== null && JSON.stringify(before[field]) !== value;
        rows.push([spin.name, field, value, changed]);
      });
    });
    if (record) takenEdges(record).forEach(function (edge) { light(element(edge.id), "lit-edge"); });
    active.sort();
    document.body.setAttribute("data-step", String(n));
    document.body.setAttribute("data-active", active.join(","));
    slider.value = String(n);
    text(document.getElementById("position"), "step " + n + " of " + last);
    var currentLine = document.getElementById("current");
    if (record) {
      var change = record.changed === false ? "unchanged" : controlText(record.from) === controlText(record.to) ? controlText(record.to) : controlText(record.from) + " \u2192 " + controlText(record.to);
      text(currentLine, "#" + record.step + "  " + record.time + "ms  " + record.spin + "  " + eventText(record) + "  (" + record.source + ")  " + change);
    } else {
      text(currentLine, "start: " + spins.map(function (spin, s) { return spin.name + " " + controlText(spin.initial); }).join("; "));
    }
    var body = document.querySelector("#data tbody");
    body.textContent = "";
    rows.forEach(function (row) {
      var tr = document.createElement("tr");
      [row[0], row[1], row[2]].forEach(function (value, column) {
        var td = document.createElement("td");
        td.textContent = value;
        if (column === 2) td.className = row[3] ? "value changed" : "value";
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    renderEvents(n);
    var hash = "#step=" + n;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a page whose URL cannot change */ }
    }
  }

  // The event list shows a window of rows around the current step: a long trace stays quick.
  var WINDOW = 150;
  // A lasso's (a violated property's counterexample) first step of its cycle, from the header.
  var cycleStep = trace.run && typeof trace.run.cycle === "number" ? trace.run.cycle : 0;
  function renderEvents(n) {
    var body = document.querySelector("#events tbody");
    body.textContent = "";
    var from = Math.max(0, n - WINDOW), to = Math.min(last, n + WINDOW);
    if (from > 0) body.appendChild(moreRow(from + " earlier steps"));
    for (var k = from; k <= to; k++) {
      // A lasso's cycle: a row says where it begins, and its steps are marked at their number.
      if (cycleStep && k === cycleStep) {
        var mark = moreRow("\u21bb cycle, repeated for ever: steps " + cycleStep + " to " + last);
        mark.className = "more cycle-start";
        body.appendChild(mark);
      }
      var tr = document.createElement("tr");
      tr.setAttribute("data-step", String(k));
      var cells;
      if (k === 0) {
        cells = ["0", "", "", "start", ""];
      } else {
        var r = steps[k - 1];
        cells = [String(r.step), r.time + "ms", r.spin, eventText(r), r.source];
      }
      var classes = ["num", "time", "", "", "src"];
      cells.forEach(function (value, column) {
        var td = document.createElement("td");
        td.textContent = value;
        if (classes[column]) td.className = classes[column];
        tr.appendChild(td);
      });
      if (cycleStep && k >= cycleStep) tr.classList.add("cycle");
      if (k === n) tr.classList.add("selected");
      body.appendChild(tr);
    }
    if (to < last) body.appendChild(moreRow((last - to) + " later steps"));
    var selected = body.querySelector("tr.selected");
    if (selected && selected.scrollIntoView) selected.scrollIntoView({ block: "nearest" });
  }
  function moreRow(label) {
    var tr = document.createElement("tr");
    tr.className = "more";
    var td = document.createElement("td");
    td.colSpan = 5;
    td.textContent = "\u2026 " + label;
    tr.appendChild(td);
    return tr;
  }

  document.querySelector("#events tbody").addEventListener("click", function (event) {
    var row = event.target.closest ? event.target.closest("tr[data-step]") : null;
    if (row) render(Number(row.getAttribute("data-step")));
  });
  slider.addEventListener("input", function () { render(Number(slider.value)); });
  document.getElementById("first").addEventListener("click", function () { render(0); });
  document.getElementById("previous").addEventListener("click", function () { render(current - 1); });
  document.getElementById("next").addEventListener("click", function () { render(current + 1); });
  document.getElementById("last").addEventListener("click", function () { render(last); });
  document.addEventListener("keydown", function (event) {
    // The slider moves itself on its own arrow keys (and fires "input").
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    render(to);
  });

  function fromHash() {
    var match = /^#step=(\d+)$/.exec(location.hash);
    return match ? Number(match[1]) : 0;
  }
  window.addEventListener("hashchange", function () { render(fromHash()); });

  // Zoom (buttons, Ctrl + wheel) and pan (drag, or the scroll bars), of every spin's diagram
  // at once: width and height are the widest diagram's and all of them stacked (in pt).
  var pane = document.getElementById("diagram");
  var scale = 1, width = 0, height = 0;
  var sizes = svgs.map(function (svg) {
    var size = [parseFloat(svg.getAttribute("width")) || 0, parseFloat(svg.getAttribute("height")) || 0];
    width = Math.max(width, size[0]);
    height += size[1];
    return size;
  });
  var svg = svgs[0];
  function zoom(to) {
    if (!svg) return;
    scale = Math.max(0.1, Math.min(8, to));
    svgs.forEach(function (each, index) {
      each.setAttribute("width", (sizes[index][0] * scale) + "pt");
      each.setAttribute("height", (sizes[index][1] * scale) + "pt");
    });
  }
  // On load (and when the window is resized, until the reader zooms) a diagram wider than its
  // pane is shrunk to its width; a taller one scrolls. The fit button fits both ways.
  var zoomed = false;
  function fitWidth() {
    if (!svg || !width || zoomed) return;
    zoom(Math.min(1, (pane.clientWidth - 24) / (width * 4 / 3)));
  }
  function fit() {
    if (!svg || !width) return;
    zoom(Math.min(1.5, (pane.clientWidth - 24) / (width * 4 / 3), (pane.clientHeight - 24) / (height * 4 / 3)));
  }
  document.getElementById("zoom-in").addEventListener("click", function () { zoomed = true; zoom(scale * 1.25); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomed = true; zoom(scale / 1.25); });
  document.getElementById("zoom-fit").addEventListener("click", function () { zoomed = true; fit(); });
  window.addEventListener("resize", fitWidth);
  pane.addEventListener("wheel", function (event) {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomed = true;
    zoom(scale * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
  }, { passive: false });
  var drag = null;
  pane.addEventListener("pointerdown", function (event) {
    drag = { x: event.clientX, y: event.clientY, left: pane.scrollLeft, top: pane.scrollTop };
    pane.classList.add("dragging");
  });
  window.addEventListener("pointermove", function (event) {
    if (!drag) return;
    pane.scrollLeft = drag.left - (event.clientX - drag.x);
    pane.scrollTop = drag.top - (event.clientY - drag.y);
  });
  window.addEventListener("pointerup", function () { drag = null; pane.classList.remove("dragging"); });

  // The header: what ran, how it ended.
  var summary = trace.summary || {};
  text(document.getElementById("title"), trace.title);
  var status = document.getElementById("status");
  var good = trace.status ? !trace.finding : ["final", "idle", "until"].indexOf(summary.status) >= 0 && !trace.finding;
  text(status, trace.status ? "check: " + trace.status : trace.finding ? "counterexample \u2014 " + summary.status : "status: " + summary.status);
  status.className = good ? "good" : "bad";
  var seed = trace.run && trace.run.seed !== undefined ? ", seed " + trace.run.seed : "";
  text(document.getElementById("totals"), trace.status ? "" : (summary.steps || 0) + " steps, " + (summary.time || 0) + "ms" + seed);
  var notes = [];
  if (trace.finding) notes.push(trace.finding);
  if (summary.error) notes.push("error: " + (summary.error.location ? summary.error.location + ": " : "") + summary.error.message + (summary.error.group ? " [#" + summary.error.group + "]" : ""));
  // A check's finding already names an invariant that does not hold.
  if (summary.invariant && !trace.finding) notes.push(summary.invariant.location + ": invariant '" + summary.invariant.name + "' of spin '" + summary.invariant.spin + "' does not hold: " + summary.invariant.condition);
  if (summary.cycle) notes.push("livelock cycle:\n  " + summary.cycle.join("\n  "));
  if (trace.run && typeof trace.run.cycle === "number") {
    notes.push(trace.run.cycle > last ? "lasso: the run stays in its last state for ever" : "lasso: steps " + trace.run.cycle + " to " + last + " are a cycle, repeated for ever");
  }
  text(document.getElementById("finding"), notes.join("\n"));

  fitWidth();
  render(fromHash());
})();
</script>
</body>
</html>

"""#
}
