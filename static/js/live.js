// Live updates (daymove.live): each live part of the page (hx-trigger="sse:position" etc.) asks its own view again
// when its event comes, and the nav's "your turn" count also leads the page title, as "(2) Lobby · Daymove".
//
// The page joins the one event stream that all the pages of this browser share: js/live-worker.js, run as a shared
// worker, or where shared workers do not exist by one page (the holder of a Web Lock) for all the others, relaying
// over a BroadcastChannel. Only where neither exists does a page run it alone, with a stream of its own. Once the
// stream carries everything the page wants, the page asks what it missed since it was drawn.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function () {
    var link = document.getElementById("turn-count");
    if (!link) return;
    var count = parseInt(link.dataset.count, 10) || 0;
    var title = document.title.replace(/^\(\d+\) /, "");
    document.title = count ? "(" + count + ") " + title : title;
  });

  // The names of the events a live part listens to ("sse:position" -> "position").
  function listened(element) {
    return element
      .getAttribute("hx-trigger")
      .split(",")
      .map(function (spec) {
        return spec.trim().split(/[\s[]/)[0];
      })
      .filter(function (trigger) {
        return trigger.indexOf("sse:") === 0;
      })
      .map(function (trigger) {
        return trigger.slice(4);
      });
  }

  function announce(names) {
    document.querySelectorAll("[hx-trigger]").forEach(function (element) {
      listened(element).forEach(function (name) {
        if (names === null || names.indexOf(name) >= 0) htmx.trigger(element, "sse:" + name);
      });
    });
  }

  function catchUp(config) {
    var query = "?t=" + config.liveSince;
    if (config.liveMatch) query += "&m=" + encodeURIComponent(config.liveMatch);
    if (config.liveTopic) query += "&p=" + encodeURIComponent(config.liveTopic);
    fetch(config.liveMissed + query, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (response) {
        return response.ok ? response.json() : Promise.reject(new Error(response.statusText));
      })
      .then(function (missed) {
        announce(missed.events);
      })
      .catch(function () {
        announce(null); // could not ask: every part asks its own view (unchanged ones answer "nothing new")
      })
      .then(function () {
        document.body.dataset.liveState = "open";
      });
  }

  // The worker's port for this page: the shared worker's, a relay through the leading page, or a worker of its own.
  function worker(url) {
    if (window.SharedWorker) {
      try {
        return new SharedWorker(url, {name: "daymove-live"}).port;
      } catch (refused) {
        // (a browser may refuse shared workers, e.g. in a private window): a leading page's worker then
      }
    }
    if (navigator.locks && window.BroadcastChannel) return relayed(url);
    return new Worker(url);
  }

  // A port to the worker of the leading page: the page that holds the lock runs the worker and passes messages
  // between it and every page (each page has its own channel to the worker). When the leader closes, the lock goes to
  // another page, which starts a worker and calls all the pages to join again.
  function relayed(url) {
    var id = Math.random().toString(36).slice(2);
    var channel = new BroadcastChannel("daymove-live");
    var pipes = null; // the leader's: page id -> its channel to the worker
    var leader = null;
    var port = {onmessage: null, joined: null};

    function deliver(page, data) {
      if (page === id) port.onmessage({data: data});
      else channel.postMessage({to: page, data: data});
    }
    function pipe(page) {
      if (!pipes[page]) {
        var pair = new MessageChannel();
        leader.postMessage({type: "connect"}, [pair.port2]);
        pair.port1.onmessage = function (event) {
          deliver(page, event.data);
        };
        pipes[page] = pair.port1;
      }
      return pipes[page];
    }
    function send(page, data) {
      pipe(page).postMessage(data);
      if (data.type === "leave") {
        pipes[page].close();
        delete pipes[page];
      }
    }

    port.postMessage = function (data) {
      if (data.type === "join") port.joined = data;
      if (pipes) send(id, data);
      else channel.postMessage({from: id, data: data});
    };
    channel.onmessage = function (event) {
      var message = event.data;
      if (message.leader && port.joined) port.postMessage(port.joined);
      else if (message.to === id) port.onmessage({data: message.data});
      else if (message.from && pipes) send(message.from, message.data);
    };
    navigator.locks.request("daymove-live", function () {
      leader = new Worker(url);
      pipes = {};
      channel.postMessage({leader: true});
      if (port.joined) send(id, port.joined);
      return new Promise(function () {}); // held as long as this page lives
    });
    return port;
  }

  function start() {
    var config = document.body.dataset;
    if (!config.liveEvents) return; // nothing this viewer could be told here
    var port = worker(config.liveWorker);
    var join = {
      type: "join",
      events: config.liveEvents,
      match: config.liveMatch,
      topic: config.liveTopic,
      viewer: config.liveViewer,
    };
    port.onmessage = function (event) {
      if (event.data.type === "covered") catchUp(config);
      else if (event.data.type === "event") announce([event.data.name]);
    };
    port.postMessage(join);
    window.addEventListener("pagehide", function () {
      port.postMessage({type: "leave"});
    });
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) port.postMessage(join); // back from the browser's page cache: join again, catch up
    });
  }

  // After htmx has set up the page's parts (it starts on DOMContentLoaded too, and its script comes first).
  document.addEventListener("DOMContentLoaded", start);
})();
