"""PNG charts (matplotlib, the optional extra `eldritch[charts]`): win rates with their intervals,
and a heatmap of odds by card and dice set. matplotlib runs headless (the Agg backend)."""

from __future__ import annotations

from eldritch.kernel.errors import KernelError


def require():
    """matplotlib with the Agg backend, or a one-line KernelError saying how to install it."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise KernelError("option", "charts need matplotlib: .venv/bin/pip install -e '.[charts]' "
                          "(or pip install 'eldritch[charts]')")
    return plt


def win_rate_chart(results, runner, path: str):
    """Win rate by player count, one line per Ancient One (and bot), 95% Wilson intervals as error
    bars. `results` is [(Setting, Summary)]. Returns the figure (closed, for tests to read)."""
    plt = require()
    series: dict = {}
    rows: list = []
    bot_names: list = []
    for setting, summary in results:
        row, col = runner.group(setting)
        bots = setting.bots[0] if len(set(setting.bots)) == 1 else ",".join(setting.bots)
        series.setdefault((row, bots), []).append((col, summary))
        if row not in rows:
            rows.append(row)
        if bots not in bot_names:
            bot_names.append(bots)
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    n = max(len(series), 1)
    colours = plt.rcParams["axes.prop_cycle"].by_key().get("color", ["C0"])
    styles = ("-", "--", ":", "-.")
    for k, ((row, bots), points) in enumerate(sorted(series.items(), key=lambda kv: (rows.index(kv[0][0]),
                                                                                       bot_names.index(kv[0][1])))):
        label = "%s (%s)" % (row, bots)
        points.sort(key=lambda p: p[0])
        shift = (k - (n - 1) / 2) * 0.06
        xs = [p[0] + shift for p in points]
        ys = [100 * p[1].win_rate() for p in points]
        lo = [max(0.0, 100 * (p[1].win_rate() - p[1].interval()[0])) for p in points]
        hi = [max(0.0, 100 * (p[1].interval()[1] - p[1].win_rate())) for p in points]
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=label,
                    color=colours[rows.index(row) % len(colours)], linestyle=styles[bot_names.index(bots) % len(styles)])
    cols = sorted({runner.group(s)[1] for s, _ in results})
    ax.set_xticks(cols)
    ax.set_xlabel("players")
    ax.set_ylabel("win rate (%), 95% Wilson interval")
    ax.set_ylim(-2, 102)
    ax.set_title("%s: win rate by Ancient One and player count" % runner.title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        fig.savefig(path, format="png")
    finally:                    # a save that fails (a bad path) must not leave the figure open in pyplot
        plt.close(fig)
    return fig


def heatmap(names: list[str], columns: list[str], values: list[list[float]], path: str, title: str):
    """A heatmap of probabilities (0..1): one row per card, one column per dice set."""
    plt = require()
    height = max(3.0, 0.22 * len(names) + 1.5)
    fig, ax = plt.subplots(figsize=(1.1 * len(columns) + 4, height), dpi=100)
    im = ax.imshow([[100 * v for v in row] for row in values], aspect="auto", cmap="viridis", vmin=0, vmax=100)
    ax.set_xticks(range(len(columns)))
    ax.set_xticklabels(columns)
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels([n[:36] for n in names], fontsize=7)
    ax.set_xlabel("dice set")
    ax.set_ylabel("card")
    ax.set_title(title)
    if len(names) * len(columns) <= 400:
        for i, row in enumerate(values):
            for j, v in enumerate(row):
                ax.text(j, i, "%.0f" % (100 * v), ha="center", va="center", fontsize=6,
                        color="white" if v < 0.5 else "black")
    fig.colorbar(im, ax=ax, label="probability of completing (%)")
    fig.tight_layout()
    try:
        fig.savefig(path, format="png")
    finally:                    # a save that fails (a bad path) must not leave the figure open in pyplot
        plt.close(fig)
    return fig
