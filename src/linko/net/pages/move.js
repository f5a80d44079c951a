  const found = /^#([0-9A-Za-z]{1,100})$/.exec(window.location.hash);
  history.replaceState(null, "", window.location.pathname);
  if (found) {
    document.getElementById("token").value = found[1];
    document.getElementById("move").submit();
  } else {
    document.getElementById("moving").hidden = true;
    document.getElementById("take").hidden = true;
    document.getElementById("no-seat").hidden = Boolean(document.getElementById("refused"));
  }
