  (() => {
    const terminal = document.getElementById("terminal");
    const touch = window.matchMedia("(pointer: coarse)").matches;
    const wide = window.innerWidth > window.innerHeight;
    const size = wide
      ? Math.min(window.innerWidth / 80 / 0.6, window.innerHeight / 24 / 1.2)
      : window.innerWidth / 44 / 0.6;
    terminal.dataset.fontSize = String(Math.max(10, Math.min(16, Math.floor(size))));
    if (touch) { terminal.dataset.sessionWebsocketUrl += "/touch"; }
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
    document.getElementById("ended-again").addEventListener("click", () => {
      fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(
        () => window.location.reload(), () => show(["ended-unreachable"]));
    });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("close", (event) => show(
          event.code === $server_closed ? ["ended-closed"] : ["ended-left", "ended-again"]));
      }
    };
  })();
