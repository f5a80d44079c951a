  (() => {
    const terminal = document.getElementById("terminal");
    const touch = window.matchMedia("(pointer: coarse)").matches;
    const wide = window.innerWidth > window.innerHeight;
    const size = wide
      ? Math.min(window.innerWidth / 80 / 0.6, window.innerHeight / 24 / 1.2)
      : window.innerWidth / 44 / 0.6;
    terminal.dataset.fontSize = String(Math.max(10, Math.min(16, Math.floor(size))));
    if (touch) { terminal.dataset.sessionWebsocketUrl += "/touch"; }
    // A finger's drag, which xterm gives to nobody while the app reads the mouse, turns the
    // page as the mouse wheel would: a wheel step for each line's height dragged.
    let dragged = null;
    terminal.addEventListener("touchstart", (event) => {
      dragged = event.touches.length === 1 ? event.touches[0].clientY : null;
    }, { passive: true });
    terminal.addEventListener("touchmove", (event) => {
      if (dragged === null || event.touches.length !== 1) { return; }
      const finger = event.touches[0];
      const line = Number(terminal.dataset.fontSize) * 1.2;
      const lines = Math.trunc((dragged - finger.clientY) / line);
      if (lines === 0) { return; }
      dragged -= lines * line;
      const under = document.elementFromPoint(finger.clientX, finger.clientY);
      for (let step = 0; under && step < Math.abs(lines); step++) {
        under.dispatchEvent(new WheelEvent("wheel", {
          deltaY: Math.sign(lines) * line, deltaMode: 0, bubbles: true, cancelable: true,
          clientX: finger.clientX, clientY: finger.clientY }));
      }
    }, { passive: true });
    let ended = false;
    window.addEventListener("resize", () => {
      const turned = (window.innerWidth > window.innerHeight) !== wide;
      if (turned && !ended) { ended = true; window.location.reload(); }
    });
    const show = (id) => {
      ended = true;
      for (const line of document.querySelectorAll("#ended > *")) { line.hidden = true; }
      document.getElementById("ended").hidden = false;
      for (const shown of id) { document.getElementById(shown).hidden = false; }
    };
    // The page again once the server answers; ``failed`` otherwise.
    const back = (failed) => {
      fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(
        () => window.location.reload(), failed);
    };
    const unreachable = () => show(["ended-unreachable", "ended-again"]);
    // Back to the seat, but asked first when another screen plays it now (the seat moved):
    // the question names its player, as text.
    const moved = document.getElementById("ended-moved");
    const question = moved.textContent;
    document.getElementById("ended-again").addEventListener("click", () => {
      fetch(window.location.pathname + "/seat", { cache: "no-store" })
        .then((answer) => answer.ok ? answer.json() : {})
        .catch(() => ({}))
        .then((seat) => {
          if (typeof seat.elsewhere !== "string") { back(unreachable); return; }
          moved.textContent = question.replace("{name}", () => seat.elsewhere);
          show(["ended-moved", "ended-take-back"]);
        });
    });
    document.getElementById("ended-take-back").addEventListener("click", () => back(unreachable));
    // A dropped connection (no close frame: the network, or a host that stopped without a
    // goodbye) is tried again by itself: after 1, 2, 4, 8 s, then about every 15 s (a jitter,
    // so that a table's phones do not all ask at once), for 10 minutes; then the button again.
    const RETRY_SECONDS = [1, 2, 4, 8];
    const reconnect = () => {
      show(["ended-reconnecting"]);
      const started = Date.now();
      let tries = 0;
      const next = () => {
        if (Date.now() - started >= 600000) {
          unreachable();
          return;
        }
        const seconds = tries < RETRY_SECONDS.length
          ? RETRY_SECONDS[tries] : 12 + 6 * Math.random();
        tries += 1;
        window.setTimeout(() => back(next), seconds * 1000);
      };
      next();
    };
    const ABNORMAL = 1006;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("close", (event) => {
          if (ended) { return; }
          if (event.code === $server_closed) { show(["ended-closed"]); }
          else if (event.code === ABNORMAL) { reconnect(); }
          else { show(["ended-left", "ended-again"]); }
        });
      }
    };
  })();
