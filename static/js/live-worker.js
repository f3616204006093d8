// The event stream of all the open pages of a browser (daymove.live), held by a shared worker: a browser opens at
// most six connections to a site over HTTP/1.1, so a stream per tab would leave the seventh tab waiting.
//
// Pages join with their match or their page topic ("ladder-3"), if any, and their viewer (who was signed in when it
// was drawn). The worker holds one stream naming every match and page topic the pages show, and passes each event to
// the pages it is for: a match's events to the pages of that match, a topic's to the pages of that topic, the
// viewer's own ("turns") to every page of that viewer. When a page needs a match or topic the stream does not name, a
// new stream naming it too is opened, and the old one serves until the new one is ready, so no
// event falls between them. Where shared workers do not exist, one page runs this script as a worker and hands it a
// channel for each page ("connect"); where that cannot be either, each page runs it as its own worker.
"use strict";

var SOON = 50; // ms: pages opened together are served by one new stream
var LATER = 5000; // ms: the match or topic of a page closed is dropped from the stream at leisure
var LONGEST_PAUSE = 60000; // ms: the longest wait before asking again for a stream the server refused

var pages = []; // {port, match, topic, viewer, since, covered}
var current = null; // the stream serving the pages: {source, named, viewer, ready, generation, names}; "named" holds
// what its address names ("m=12", "p=ladder-3"), "names" the events it carries
var next = null; // a stream being opened to replace it
var generation = 0; // streams opened so far
var eventsUrl = "";
var lastId = ""; // up to when the current stream has heard everything (the server's clock)
var failures = 0;
var timer = null;
var timerDue = 0;

// What a page needs its stream to name: its match ("m=12") or its page topic ("p=ladder-3").
function needs(page) {
  var needed = [];
  if (page.match) needed.push("m=" + encodeURIComponent(page.match));
  if (page.topic) needed.push("p=" + encodeURIComponent(page.topic));
  return needed;
}

function wantedNamed() {
  var named = [];
  pages.forEach(function (page) {
    needs(page).forEach(function (needed) {
      if (named.indexOf(needed) < 0) named.push(needed);
    });
  });
  return named.sort();
}

// A page drawn for another viewer than the stream's asks once for a new stream (someone signed in or out since);
// if a stream opened after the page joined is still another viewer's, the page is out of date and hears nothing.
function wantsOtherViewer(page, stream) {
  return stream.ready && stream.viewer !== page.viewer && stream.generation <= page.since;
}

function serves(stream, page) {
  return (
    stream.ready &&
    stream.viewer === page.viewer &&
    needs(page).every(function (needed) {
      return stream.named.indexOf(needed) >= 0;
    })
  );
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
  var named = wantedNamed();
  var lacking = named.some(function (needed) {
    return stream.named.indexOf(needed) < 0;
  });
  var otherViewer = pages.some(function (page) {
    return wantsOtherViewer(page, stream);
  });
  var surplus = stream.named.some(function (needed) {
    return named.indexOf(needed) < 0;
  });
  if (lacking || otherViewer) schedule(SOON);
  else if (surplus) schedule(LATER);
}

function open() {
  if (!pages.length) return;
  if (next) next.source.close();
  var named = wantedNamed();
  var query = named.slice();
  // While the stream in use is open it serves until the new one is ready; otherwise ask for what was missed.
  if (lastId && !(current && current.source.readyState === EventSource.OPEN)) query.push("t=" + lastId);
  generation += 1;
  var stream = {
    source: new EventSource(eventsUrl + (query.length ? "?" + query.join("&") : "")),
    named: named,
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
    if (page.viewer === stream.viewer && (mine || topic === "match-" + page.match || topic === page.topic)) {
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
  var page = {
    port: port,
    match: message.match,
    topic: message.topic,
    viewer: message.viewer,
    since: generation,
    covered: false,
  };
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
