// The event stream of all the open pages of a browser (daymove.live), held by a shared worker: a browser opens at
// most six connections to a site over HTTP/1.1, so a stream per tab would leave the seventh tab waiting.
//
// Pages join with their match (if any) and their viewer (who was signed in when it was drawn). The worker holds one
// stream naming every match the pages show, and passes each event to the pages it is for: a match's events to the
// pages of that match, the viewer's own ("turns") to every page of that viewer. When a page needs a match the stream
// does not name, a new stream naming it too is opened, and the old one serves until the new one is ready, so no
// event falls between them. Where shared workers do not exist, one page runs this script as a worker and hands it a
// channel for each page ("connect"); where that cannot be either, each page runs it as its own worker.
"use strict";

var SOON = 50; // ms: pages opened together are served by one new stream
var LATER = 5000; // ms: the match of a page closed is dropped from the stream at leisure
var LONGEST_PAUSE = 60000; // ms: the longest wait before asking again for a stream the server refused

var pages = []; // {port, match, viewer, since, covered}
var current = null; // the stream serving the pages: {source, matches, viewer, ready, generation, names}
var next = null; // a stream being opened to replace it
var generation = 0; // streams opened so far
var eventsUrl = "";
var lastId = ""; // up to when the current stream has heard everything (the server's clock)
var failures = 0;
var timer = null;
var timerDue = 0;

function wantedMatches() {
  var matches = [];
  pages.forEach(function (page) {
    if (page.match && matches.indexOf(page.match) < 0) matches.push(page.match);
  });
  return matches.sort();
}

// A page drawn for another viewer than the stream's asks once for a new stream (someone signed in or out since);
// if a stream opened after the page joined is still another viewer's, the page is out of date and hears nothing.
function wantsOtherViewer(page, stream) {
  return stream.ready && stream.viewer !== page.viewer && stream.generation <= page.since;
}

function serves(stream, page) {
  return stream.ready && stream.viewer === page.viewer && (!page.match || stream.matches.indexOf(page.match) >= 0);
}

// Tell a page once that every event it wants now reaches it: it then asks what it missed since it was drawn.
function cover(page) {
  if (!page.covered && current && serves(current, page)) {
    page.covered = true;
    page.port.postMessage({type: "covered"});
  }
}

function schedule(delay) {
  var due = Date.now() + delay;
  if (timer !== null && timerDue <= due) return;
  clearTimeout(timer);
  timerDue = due;
  timer = setTimeout(function () {
    timer = null;
    open();
  }, delay);
}

// Open a new stream when a page needs what the stream in use (or the one opening) does not give.
function review() {
  if (!pages.length) return stop();
  var stream = next || current;
  if (!stream) {
    if (timer === null) schedule(SOON);
    return;
  }
  var matches = wantedMatches();
  var lacking = matches.some(function (match) {
    return stream.matches.indexOf(match) < 0;
  });
  var otherViewer = pages.some(function (page) {
    return wantsOtherViewer(page, stream);
  });
  var surplus = stream.matches.some(function (match) {
    return matches.indexOf(match) < 0;
  });
  if (lacking || otherViewer) schedule(SOON);
  else if (surplus) schedule(LATER);
}

function open() {
  if (!pages.length) return;
  if (next) next.source.close();
  var matches = wantedMatches();
  var query = matches.map(function (match) {
    return "m=" + encodeURIComponent(match);
  });
  // While the stream in use is open it serves until the new one is ready; otherwise ask for what was missed.
  if (lastId && !(current && current.source.readyState === EventSource.OPEN)) query.push("t=" + lastId);
  generation += 1;
  var stream = {
    source: new EventSource(eventsUrl + (query.length ? "?" + query.join("&") : "")),
    matches: matches,
    viewer: null,
    ready: false,
    generation: generation,
    names: {},
  };
  next = stream;
  stream.source.addEventListener("ready", function (event) {
    ready(stream, JSON.parse(event.data), event.lastEventId);
  });
  stream.source.addEventListener("alive", function (event) {
    if (stream === current) lastId = event.lastEventId;
  });
  stream.source.onerror = function () {
    failed(stream);
  };
}

function ready(stream, about, id) {
  stream.viewer = about.viewer;
  about.events.forEach(function (name) {
    if (stream.names[name]) return; // (a stream that reconnected by itself says "ready" again)
    stream.names[name] = true;
    stream.source.addEventListener(name, function (event) {
      relay(stream, name, event);
    });
  });
  if (stream === next) {
    if (current) current.source.close();
    current = stream;
    next = null;
  }
  if (stream !== current) return;
  stream.ready = true;
  lastId = id;
  failures = 0;
  pages.forEach(cover);
  review();
}

function relay(stream, name, event) {
  if (stream !== current) return;
  lastId = event.lastEventId;
  var topic = event.data;
  var mine = topic.indexOf("user-") === 0; // the stream carries only its own viewer's topic
  pages.forEach(function (page) {
    if (page.viewer === stream.viewer && (mine || topic === "match-" + page.match)) {
      page.port.postMessage({type: "event", name: name});
    }
  });
}

// A stream the browser gave up on (an error answer, not a dropped connection, which it resumes by itself) is asked
// for again after a pause, longer after each refusal.
function failed(stream) {
  if (stream.source.readyState !== EventSource.CLOSED) return;
  if (stream === next) next = null;
  if (stream === current) current = null;
  failures += 1;
  schedule(Math.min(LONGEST_PAUSE, 1000 * Math.pow(2, failures - 1)));
}

function stop() {
  [current, next].forEach(function (stream) {
    if (stream) stream.source.close();
  });
  current = next = null;
  clearTimeout(timer);
  timer = null;
}

function join(port, message) {
  pages = pages.filter(function (page) {
    return page.port !== port;
  });
  eventsUrl = message.events;
  var page = {port: port, match: message.match, viewer: message.viewer, since: generation, covered: false};
  pages.push(page);
  cover(page);
  review();
}

function leave(port) {
  pages = pages.filter(function (page) {
    return page.port !== port;
  });
  review();
}

function accept(port) {
  port.onmessage = function (event) {
    if (event.data.type === "join") join(port, event.data);
    else if (event.data.type === "leave") leave(port);
    else if (event.data.type === "connect") accept(event.ports[0]); // a page's channel, from the leading page
  };
}

if ("onconnect" in self) {
  self.onconnect = function (event) {
    accept(event.ports[0]);
  };
} else {
  accept(self); // a leading page's worker (pages' channels come by "connect"), or a page's own
}
