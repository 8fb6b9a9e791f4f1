// A seat's page: connects with the seat's token (the link's #fragment), shows the frames the server
// sends (the seat's own screen, what happened since its last decision above the decision, its log,
// whose turn it is) and walks the decision shape a tap at a time.
// Nothing is hidden here: the server sends only what this seat may know. Reconnects by itself.
"use strict";

const token = decodeURIComponent(location.hash.slice(1));
let socket = null;
let state = null;          // the last frame
let logLines = [];
let stack = [];            // the decision steps walked so far
let chosen = new Set();    // a toggle's chosen items
let waiting = false;       // an action sent, not yet answered
let retry = 500;
let fatal = false;
let seq = 0;

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function lineEl(line) {
  const p = el("div", "line");
  if (line.indent) p.style.paddingLeft = (line.indent * 0.6) + "em";
  for (const span of line.spans) {
    const s = el("span", span.style ? span.style.split(" ").map((x) => "s-" + x).join(" ") : "", span.text);
    p.appendChild(s);
  }
  return p;
}

function panelEl(panel, cls) {
  const sec = el("section", "panel " + (cls || ""));
  sec.dataset.key = panel.key;
  sec.appendChild(el("h2", "", panel.title));
  for (const line of panel.lines) sec.appendChild(lineEl(line));
  return sec;
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}

function connect() {
  if (!token) {
    $("turn").textContent = "this page needs the link the host gave you";
    document.body.dataset.state = "nolink";
    return;
  }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(proto + "//" + location.host + "/ws");
  setConn("connecting");
  socket.onopen = () => {
    socket.send(JSON.stringify({type: "join", token: token}));
  };
  socket.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") { retry = 500; setConn("online"); onState(msg); }
    else if (msg.type === "ack") { waiting = false; }
    else if (msg.type === "error") {
      waiting = false;
      showError(msg.message);
      if (msg.code === "bad_token") fatal = true;
      if (state) renderDecision();
    }
  };
  socket.onclose = (ev) => {
    socket = null;
    waiting = false;
    if (fatal) {
      // the refusal is already in the error box: the header says only that the page is not connected
      setConn("closed");
      $("turn").textContent = $("error").hidden ? (ev.reason || "refused") : "not connected";
      return;
    }
    setConn("reconnecting");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function setConn(what) {
  const c = $("conn");
  c.textContent = what;
  c.className = "conn " + what;
  document.body.dataset.conn = what;
}

function onState(msg) {
  const fresh = !state || msg.log.from === 0;
  const moved = !state || state.move !== msg.move || state.yours !== msg.yours;
  state = msg;
  if (fresh) logLines = [];
  logLines = logLines.concat(msg.log.lines);
  document.body.dataset.move = String(msg.move);
  document.body.dataset.over = msg.over ? "1" : "0";
  document.body.dataset.yours = msg.yours ? "1" : "0";
  document.body.dataset.state = msg.over ? "over" : (msg.yours && msg.decision ? "deciding" : "waiting");
  $("title").textContent = msg.title;
  $("me").textContent = msg.you.name;
  document.title = (msg.yours ? "▶ " : "") + msg.title + " · " + msg.you.name;
  let turn;
  if (msg.ended) turn = "the host has ended this table";
  else if (msg.over) turn = "the game is over";
  else if (msg.paused) turn = "paused by the host";
  else if (msg.yours) turn = "your turn";
  else if (msg.turn) turn = msg.turn.name + "'s turn" + (msg.turn.bot ? " (bot)" : "");
  else turn = "";
  $("turn").textContent = turn;
  $("turn").className = msg.yours ? "yours" : "";
  renderScreen();
  renderNews();
  renderLog();
  renderSeats();
  if (moved || fresh) { stack = msg.decision ? [msg.decision] : []; resetChosen(); }
  renderDecision();
  if ((moved || fresh) && msg.yours && msg.decision) {
    // a new decision of this seat: what happened, then the decision, into view under the header
    $($("news-box").hidden ? "decision-box" : "news-box").scrollIntoView({block: "start"});
  }
  const over = msg.over || msg.ended;
  $("result-box").hidden = !over;
  $("result").textContent = msg.result || (msg.ended ? "the host ended the table" : "");
  $("kernel-log").textContent = msg.kernel_log || "";
  $("kernel-box").hidden = !msg.kernel_log;
}

function renderScreen() {
  const box = $("screen");
  box.textContent = "";
  const status = el("section", "panel status");
  for (const line of state.screen.status) status.appendChild(lineEl(line));
  box.appendChild(status);
  if (state.screen.focus) box.appendChild(panelEl(state.screen.focus, "focus"));
  for (const p of state.screen.panels) box.appendChild(panelEl(p));
}

// what happened since this seat's last decision (frontend/news.py): the frame's own lines, in order
function renderNews() {
  const news = state.news;
  const box = $("news");
  box.textContent = "";
  const show = !!(news && news.lines.length);
  $("news-box").hidden = !show;
  if (!show) return;
  $("news-title").textContent = news.title;
  news.lines.forEach((line, i) => {
    const e = lineEl(line);
    if (i < news.head) e.classList.add("mine");
    box.appendChild(e);
  });
}

function renderLog() {
  const box = $("log");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
  box.textContent = "";
  for (const line of logLines) {
    box.appendChild(el("div", line.startsWith(">") ? "step" : "event", line));
  }
  if (atEnd) box.scrollTop = box.scrollHeight;
}

function renderSeats() {
  const ul = $("seats");
  ul.textContent = "";
  state.seats.forEach((s, i) => {
    const li = el("li", (s.online ? "online" : "away") + (state.turn && state.turn.seat === i ? " acting" : ""),
      s.name + (s.bot ? " · bot" : (s.online ? "" : " · away")) + (state.you.seat === i ? " · you" : ""));
    ul.appendChild(li);
  });
}

// ----- the decision: a shape walked a tap at a time (as host/frontend/walk.py does) ----------------

function step() { return stack[stack.length - 1]; }

function resetChosen() {
  const s = stack.length ? step() : null;
  chosen = new Set(s && s.kind === "toggle" ? s.initial : []);
}

function canonical(s, set) {
  if (!s.groups.length) return Array.from(set).sort((a, b) => a - b);
  const want = {};
  for (const i of set) want[s.groups[i]] = (want[s.groups[i]] || 0) + 1;
  const out = [];
  s.groups.forEach((g, i) => { if (want[g] > 0) { out.push(i); want[g] -= 1; } });
  return out;
}

function comboOf(s, set) {
  const key = canonical(s, set).join(",");
  return s.combos.find((c) => c.items.join(",") === key) || null;
}

function send(action) {
  if (!socket || waiting) return;
  waiting = true;
  showError("");
  seq += 1;
  socket.send(JSON.stringify({type: "act", move: state.move, action: action, id: seq}));
  renderDecision();
}

function optionButton(label, odds, advised, isDefault, onClick, extra) {
  const b = el("button", "option" + (advised ? " advised" : "") + (isDefault ? " default" : "") + (extra || ""));
  b.type = "button";
  b.appendChild(el("span", "label", label));
  if (odds || advised) b.appendChild(el("span", "odds", (odds || "") + (advised ? " ★ advised" : "")));
  b.onclick = onClick;
  return b;
}

function renderDecision() {
  const box = $("decision-box");
  const choices = $("choices");
  choices.textContent = "";
  const show = state && state.yours && state.decision && stack.length && !state.paused;
  box.hidden = !show;
  if (!show) return;
  const s = step();
  $("prompt").textContent = s.prompt;
  $("hint-box").hidden = !state.hint;
  $("hint").textContent = state.hint || "";
  if (s.kind === "toggle") {
    s.items.forEach((item, i) => {
      const b = optionButton((chosen.has(i) ? "☑ " : "☐ ") + item.label, "", false, false,
        () => { if (chosen.has(i)) chosen.delete(i); else chosen.add(i); renderDecision(); }, " item");
      b.dataset.index = String(i);
      b.setAttribute("aria-pressed", chosen.has(i) ? "true" : "false");
      choices.appendChild(b);
    });
    const c = comboOf(s, chosen);
    const ok = optionButton(c ? (c.label || s.confirm) : s.confirm + ": choose a set that can be taken",
      c ? c.odds : "", c ? c.advised : false, true, () => { if (c) send(c.action); }, " confirm");
    ok.id = "confirm";
    ok.disabled = !c || waiting;
    choices.appendChild(ok);
  } else {
    s.options.forEach((o, i) => {
      const more = o.then && !o.label.endsWith("...");
      const b = optionButton(o.label + (more ? "…" : ""), o.odds, o.advised, i === s.default, () => {
        if (o.action !== null && o.action !== undefined) send(o.action);
        else { stack.push(o.then); resetChosen(); renderDecision(); }
      });
      b.dataset.index = String(i);
      b.disabled = waiting;
      choices.appendChild(b);
    });
  }
  if (stack.length > 1) {
    const back = optionButton("back", "", false, false, () => { stack.pop(); resetChosen(); renderDecision(); }, " back");
    back.id = "back";
    back.disabled = waiting;
    choices.appendChild(back);
  }
}

window.addEventListener("hashchange", () => location.reload());
connect();
