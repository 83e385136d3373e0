// The record page: shows the session's view and sends the table's lines, notes and undos to it. Plain JavaScript,
// no library: every element is made with textContent, so nothing a log holds is ever read as HTML.
(function () {
  "use strict";
  var token = new URLSearchParams(location.search).get("token");  // with --lan: carried on every request
  var shownSuggestions = 8;
  var pending = null;  // the line the rules refused, kept for "we played it so"
  var busy = false;
  var $ = function (id) { return document.getElementById(id); };

  function address(path, query) {
    var params = new URLSearchParams(query || {});
    if (token) { params.set("token", token); }
    var text = params.toString();
    return path + (text ? "?" + text : "");
  }

  function ask(method, path, body, query) {
    var options = {method: method, cache: "no-store", headers: {}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(address(path, query), options).then(function (answer) {
      return answer.json().then(function (data) { return {status: answer.status, data: data}; },
                                function () { return {status: answer.status, data: {}}; });
    });
  }

  function element(tag, text, className) {
    var made = document.createElement(tag);
    if (text !== undefined) { made.textContent = text; }
    if (className) { made.className = className; }
    return made;
  }

  function button(text, action, className) {
    var made = element("button", text, className);
    made.type = "button";
    made.addEventListener("click", action);
    return made;
  }

  function say(trouble) {
    $("trouble").textContent = trouble || "";
    $("trouble").hidden = !trouble;
  }

  // -- what the page shows ------------------------------------------------------------------------------------

  function render(view) {
    document.title = "Recording " + view.game;
    $("game").textContent = view.game;
    renderTurn(view);
    renderScores(view.scores);
    renderChoices(view.choices || []);
    renderPublic(view.public || []);
    renderLog(view.log || []);
    $("file").textContent = view.file ? "kept in " + view.file : "";
  }

  function renderTurn(view) {
    var turn = $("turn");
    turn.className = view.over ? "over" : view.turn === "table" ? "table" : "";
    if (view.over) {
      turn.textContent = "Game over" + (view.ended ? " at " + view.ended : "");
    } else if (view.turn === "table") {
      turn.textContent = "The table: enter what came up";
    } else {
      turn.textContent = view.turn ? view.turn + " to play" : "";
    }
  }

  function renderScores(scores) {
    var body = $("scores").tBodies[0];
    body.replaceChildren();
    $("scores").hidden = !scores;
    Object.keys(scores || {}).forEach(function (name) {
      var row = body.insertRow();
      row.appendChild(element("td", name));
      row.appendChild(element("td", String(scores[name])));
    });
  }

  function renderChoices(groups) {
    var holder = $("choices");
    holder.replaceChildren();
    groups.forEach(function (group) {
      holder.appendChild(element("h3", group.verb));
      var row = element("div", undefined, "choices");
      group.lines.forEach(function (line) {
        row.appendChild(button(line, function () { enter(line, false); }));
      });
      holder.appendChild(row);
      (group.draws || []).forEach(function (draw) { holder.appendChild(drawing(draw)); });
    });
  }

  // A line of several cards drawn (a hand dealt): its words with a gap for each card, filled one press at a time
  // from the cards the rules say can still come, then entered whole.
  function drawing(draw) {
    var words = draw.words.slice();
    var left = {};
    draw.cards.forEach(function (card) { left[card[0]] = card[1]; });
    var holder = element("div", undefined, "drawing");
    var shown = element("p", undefined, "line");
    var cards = element("div", undefined, "choices");
    var done = button("Enter the line", function () { enter(words.join(" "), false); });
    function refresh() {
      var gaps = words.filter(function (word) { return word === null; }).length;
      shown.textContent = words.map(function (word) { return word === null ? "…" : word; }).join(" ");
      done.disabled = gaps > 0;
      cards.replaceChildren();
      draw.cards.forEach(function (card) {
        var name = card[0];
        var pick = button(name + " (" + left[name] + ")", function () {
          words[words.indexOf(null)] = name;
          left[name] -= 1;
          refresh();
        });
        pick.disabled = gaps === 0 || left[name] <= 0;
        cards.appendChild(pick);
      });
    }
    refresh();
    holder.appendChild(shown);
    holder.appendChild(cards);
    var row = element("div", undefined, "row");
    row.appendChild(done);
    row.appendChild(button("Start again", function () {
      words = draw.words.slice();
      draw.cards.forEach(function (card) { left[card[0]] = card[1]; });
      refresh();
    }, "quiet"));
    holder.appendChild(row);
    return holder;
  }

  function renderPublic(parts) {
    var holder = $("public");
    holder.replaceChildren();
    parts.forEach(function (part) {
      var section = element("section");
      section.appendChild(element("h2", part.title));
      var list = element("ul");
      part.lines.forEach(function (line) { list.appendChild(element("li", line)); });
      section.appendChild(list);
      holder.appendChild(section);
    });
  }

  // The lines the log already shows are kept, and only those from the first that changed are made again: an answer
  // adds a line or two, and a page late in a long game answers as fast as early on (the whole log made again for
  // each line, its layout alone took some 8 ms a line by the 150th line).
  function renderLog(lines) {
    var log = $("log");
    var kept = 0;
    while (kept < lines.length && kept < log.children.length && shows(log.children[kept], lines[kept])) { kept += 1; }
    while (log.children.length > kept) { log.lastChild.remove(); }
    lines.slice(kept).forEach(function (line) {
      var item = element("li", line.text, line.kind);
      item.value = line.line;
      log.appendChild(item);
    });
    var last = lines.length ? lines[lines.length - 1].line : 1;
    log.style.paddingLeft = (String(last).length + 3) + "ch";  // room for the widest number, "123. "
    log.scrollTop = log.scrollHeight;
  }

  function shows(item, line) {
    return item.value === line.line && item.textContent === line.text && item.className === line.kind;
  }

  function refused(line, problem) {
    pending = line;
    $("refused-code").textContent = problem.code || "";
    $("refused-message").textContent = problem.message || "";
    $("refused-line").textContent = line;
    $("refused").hidden = false;
    $("insist").focus();
  }

  // After a line is entered from far down a long list of choices, the next line's choices are brought back in
  // sight: the page goes back to its top, where they start under whose turn it is.
  function inSight() {
    if ($("choices").getBoundingClientRect().top < $("turn").getBoundingClientRect().bottom) {
      window.scrollTo(0, 0);
    }
  }

  function settle() {
    pending = null;
    $("refused").hidden = true;
  }

  // -- what the table sends -------------------------------------------------------------------------------------

  function send(method, path, body) {
    if (busy) { return Promise.resolve(null); }
    busy = true;
    document.body.setAttribute("aria-busy", "true");
    return ask(method, path, body).then(function (answer) {
      if (answer.status === 200) { say(""); render(answer.data); }
      else if (answer.status !== 409) { say(answer.data.message || "The page could not do that."); }
      return answer;
    }, function () {
      say("pnp does not answer: is `pnp record` still running?");
      return null;
    }).finally(function () {
      busy = false;
      document.body.removeAttribute("aria-busy");
    });
  }

  function enter(line, insist) {
    return send("POST", "enter", {text: line, insist: insist}).then(function (answer) {
      if (!answer) { return; }
      if (answer.status === 409) { refused(line, answer.data); return; }
      if (answer.status === 200) {
        settle();
        $("line").value = "";
        $("suggestions").replaceChildren();
        inSight();
      }
    });
  }

  var asking = 0;
  function suggest() {
    var prefix = $("line").value;
    var mine = ++asking;
    ask("GET", "complete", undefined, {prefix: prefix}).then(function (answer) {
      if (mine !== asking || answer.status !== 200) { return; }
      var list = $("suggestions");
      var chosen = Array.prototype.indexOf.call(list.querySelectorAll("button"), document.activeElement);
      list.replaceChildren();
      if (prefix.trim()) {
        answer.data.lines.slice(0, shownSuggestions).forEach(function (line) {
          var item = element("li");
          item.appendChild(button(line, function () {
            $("line").value = line;
            $("line").focus();
            suggest();
          }));
          list.appendChild(item);
        });
      }
      if (chosen >= 0) {  // a suggestion chosen with the arrow keys stays chosen when the list comes again
        var buttons = list.querySelectorAll("button");
        (buttons[Math.min(chosen, buttons.length - 1)] || $("line")).focus();
      }
    }, function () {});
  }

  $("line").addEventListener("input", suggest);
  $("line").addEventListener("keydown", function (event) {
    if (event.key === "Escape") { $("line").value = ""; $("suggestions").replaceChildren(); $("line").blur(); }
    if (event.key === "ArrowDown") {
      var first = $("suggestions").querySelector("button");
      if (first) { event.preventDefault(); first.focus(); }
    }
  });
  $("suggestions").addEventListener("keydown", function (event) {
    var buttons = Array.prototype.slice.call($("suggestions").querySelectorAll("button"));
    var at = buttons.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && at + 1 < buttons.length) { event.preventDefault(); buttons[at + 1].focus(); }
    if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? buttons[at - 1] : $("line")).focus(); }
  });
  $("typed").addEventListener("submit", function (event) {
    event.preventDefault();
    var line = $("line").value.trim();
    if (line) { enter(line, false); }
  });
  $("insist").addEventListener("click", function () { if (pending !== null) { enter(pending, true); } });
  $("dismiss").addEventListener("click", function () {
    $("line").value = pending || "";
    settle();
    $("line").focus();
  });
  $("undo").addEventListener("click", function () { settle(); send("POST", "undo"); });
  $("noting").addEventListener("submit", function (event) {
    event.preventDefault();
    var text = $("note").value.trim();
    if (!text) { return; }
    send("POST", "note", {text: text}).then(function (answer) {
      if (answer && answer.status === 200) { $("note").value = ""; }
    });
  });
  document.addEventListener("keydown", function (event) {
    var typing = /^(INPUT|TEXTAREA)$/.test(document.activeElement.tagName);
    if (typing || event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === "/") { event.preventDefault(); $("line").focus(); }
    if (event.key === "n") { event.preventDefault(); $("note").focus(); }
  });

  ask("GET", "view").then(function (answer) {
    if (answer.status === 200) { render(answer.data); } else { say(answer.data.message || "No game to show."); }
  }, function () { say("pnp does not answer: is `pnp record` still running?"); });
})();
