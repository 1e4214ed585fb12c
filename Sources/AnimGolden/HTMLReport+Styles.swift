extension HTMLReport {
    /// The page's style sheet.
    ///
    /// Views, zoom levels, the marker and the flicker state are switched by hidden inputs that
    /// precede `.toolbar` and `.views` in each frame (`.c-<key>:checked ~ …`), so they work without
    /// JavaScript. Pictures are CSS backgrounds (`--exp`, `--act`, `--dif`, defined once per frame)
    /// scaled by `--zoom` with `image-rendering: pixelated`; `--w`/`--h` are pixel sizes and
    /// `--mx`/`--my`/`--mw`/`--mh` the changed rectangle.
    static let styles = """
        :root { --bad: #c62828; --ok: #2e7d32; --warn: #a15c00; --mark: #ff00d0; --fg: #1d1d1f;
          --muted: #6b6b73; --line: #d8d8de; --panel: #f5f5f7; --bg: #fff; color-scheme: light;
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
          color: var(--fg); background: var(--bg); }
        body { margin: 0; }
        header.summary { padding: 18px 28px; background: var(--panel); border-bottom: 4px solid var(--bad); }
        header.summary.ok { border-bottom-color: var(--ok); }
        h1 { margin: 0 0 4px; font-size: 20px; }
        h2 { margin: 0 0 4px; font-size: 17px; }
        h3 { margin: 0 0 6px; font-size: 15px; }
        .status { margin: 0 0 8px; font-size: 16px; font-weight: 700; }
        .status.bad { color: var(--bad); }
        .status.ok { color: var(--ok); }
        .counts { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 0 0 8px; padding: 0; list-style: none; }
        .counts b { font-size: 18px; }
        .recorded { margin: 0 0 8px; color: var(--warn); font-weight: 600; }
        nav ul { margin: 0 0 8px; padding-left: 20px; }
        a { color: #0b57d0; }
        .muted { color: var(--muted); font-weight: normal; }
        .path { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; word-break: break-all; }
        .badge { display: inline-block; padding: 1px 6px; border-radius: 3px; background: var(--bad); color: #fff;
          font-size: 11px; font-weight: 700; letter-spacing: .03em; vertical-align: 2px; }
        .badge.ok { background: var(--ok); }
        .badge.warn { background: var(--warn); }
        .zoom-all { margin: 0; }
        .zoom-all button, .toolbar label { padding: 2px 10px; border: 1px solid var(--line); background: var(--bg);
          color: var(--fg); font: inherit; cursor: pointer; user-select: none; }
        main { padding: 4px 28px 40px; }
        section.scene { margin: 20px 0; padding: 12px 18px; border: 1px solid var(--line);
          border-left: 4px solid var(--bad); border-radius: 6px; }
        section.scene.warn { border-left-color: var(--warn); }
        .meta { margin: 0 0 8px; }
        .problems { margin: 0 0 8px; padding-left: 20px; color: var(--bad); }
        .problems li { white-space: pre-wrap; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
        .changes { margin: 0 0 8px; padding-left: 20px; color: var(--warn); }
        article.frame { padding: 12px 0; border-top: 1px solid var(--line); }
        .numbers { display: grid; grid-template-columns: max-content auto; gap: 1px 14px; margin: 0 0 6px; }
        .numbers dt { color: var(--muted); }
        .numbers dd { margin: 0; font-variant-numeric: tabular-nums; }
        .files { margin: 0 0 6px; padding: 0; list-style: none; color: var(--muted); font-size: 12px; }
        .frame > input { position: absolute; width: 1px; height: 1px; opacity: 0; pointer-events: none; }
        .toolbar { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; margin: 8px 0 10px; }
        .toolbar .group { display: inline-flex; align-items: center; }
        .toolbar .group > span { margin-right: 6px; color: var(--muted); }
        .toolbar .group label + label { border-left: none; }
        .c-sbs:checked ~ .toolbar .l-sbs, .c-slider:checked ~ .toolbar .l-slider,
        .c-flicker:checked ~ .toolbar .l-flicker, .c-z1:checked ~ .toolbar .l-z1, .c-z2:checked ~ .toolbar .l-z2,
        .c-z4:checked ~ .toolbar .l-z4, .c-mark:checked ~ .toolbar .l-mark, .c-auto:checked ~ .views .l-auto {
          background: var(--fg); border-color: var(--fg); color: #fff; }
        .l-auto { padding: 1px 8px; border: 1px solid var(--line); cursor: pointer; user-select: none; }
        .views { --zoom: 1; }
        .c-z2:checked ~ .views { --zoom: 2; }
        .c-z4:checked ~ .views { --zoom: 4; }
        .view { display: none; overflow-x: auto; padding: 4px 4px 8px; }
        .c-sbs:checked ~ .views .sbs { display: flex; gap: 18px; align-items: flex-start; }
        .c-slider:checked ~ .views .slider, .c-flicker:checked ~ .views .flicker { display: block; }
        figure { margin: 0; }
        figcaption { margin-bottom: 4px; color: var(--fg); font-size: 12px; font-weight: 600; }
        .stage { display: block; position: relative; flex: none;
          width: calc(var(--w) * var(--zoom) * 1px); height: calc(var(--h) * var(--zoom) * 1px);
          background: repeating-conic-gradient(#e2e2e6 0% 25%, #fff 0% 50%) 0 0 / 16px 16px;
          outline: 1px solid var(--line); }
        .px { display: block; position: absolute; left: 0; top: 0;
          width: calc(var(--w) * var(--zoom) * 1px); height: calc(var(--h) * var(--zoom) * 1px);
          background-repeat: no-repeat; background-size: 100% 100%;
          image-rendering: crisp-edges; image-rendering: pixelated; }
        .px.exp { background-image: var(--exp); }
        .px.act { background-image: var(--act); }
        .px.dif { background-image: var(--dif); }
        .px.third-x { background-size: 300% 100%; background-position: 50% 0; }
        .px.third-y { background-size: 100% 300%; background-position: 0 50%; }
        .marker { position: absolute; box-sizing: border-box; pointer-events: none;
          left: calc(var(--mx) * var(--zoom) * 1px - 3px); top: calc(var(--my) * var(--zoom) * 1px - 3px);
          width: calc(var(--mw) * var(--zoom) * 1px + 6px); height: calc(var(--mh) * var(--zoom) * 1px + 6px);
          border: 2px solid var(--mark); outline: 1px solid rgba(255, 255, 255, .85); }
        .c-mark:not(:checked) ~ .views .marker { display: none; }
        .slider .over { clip-path: inset(0 0 0 var(--pos, 50%)); }
        .divider { position: absolute; top: -4px; bottom: -4px; left: var(--pos, 50%); width: 2px; margin-left: -1px;
          background: var(--mark); box-shadow: 0 0 0 1px rgba(255, 255, 255, .85); pointer-events: none; }
        .knob { position: absolute; left: 0; top: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: ew-resize; }
        .flicker .stage { margin-bottom: 26px; cursor: pointer; }
        .flicker .over { visibility: hidden; }
        .c-flip:checked ~ .views .flicker .over { visibility: visible; }
        .c-auto:checked ~ .views .flicker .over { animation: flick 1s step-end infinite; }
        @keyframes flick { 0% { visibility: hidden; } 50% { visibility: visible; } 100% { visibility: visible; } }
        .tag { position: absolute; left: 0; top: 100%; min-width: 8em; margin-top: 4px; background: var(--bg);
          font-size: 12px; font-weight: 700; }
        .over .tag { color: var(--bad); }
        .hint { margin: 6px 0 0; color: var(--muted); font-size: 12px; }
        .missing { box-sizing: border-box; min-width: 180px; max-width: 360px; padding: 10px; border: 1px dashed var(--bad);
          background: #fff6f6; color: var(--bad); font-size: 12px; word-break: break-all; }
        details.more, details.passing { margin: 12px 0; }
        details > summary { cursor: pointer; font-weight: 600; }
        details.passing ul { margin: 8px 0; padding-left: 4px; list-style: none; }
        details.passing li { margin: 2px 0; }

        """

    /// The page's script: dragging the slider and the "zoom all" buttons; everything else is CSS.
    static let script = """
        document.addEventListener('input', function (event) {
          var knob = event.target;
          if (knob.classList && knob.classList.contains('knob')) {
            knob.parentNode.style.setProperty('--pos', knob.value + '%');
          }
        });
        document.querySelectorAll('button[data-zoom]').forEach(function (button) {
          button.addEventListener('click', function () {
            var level = button.getAttribute('data-zoom');
            document.querySelectorAll('input.c-z' + level).forEach(function (radio) { radio.checked = true; });
          });
        });

        """
}
