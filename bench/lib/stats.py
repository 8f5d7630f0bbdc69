"""Medians, ranges and the result tables of bench/run (Markdown, readable in a terminal too)."""

import statistics


def summary(samples):
    return {"median": statistics.median(samples), "min": min(samples), "max": max(samples), "n": len(samples)}


def fmt(value, unit):
    if value is None:
        return "–"
    if unit == "ms":
        return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"
    if unit == "µs":
        return f"{value:.2f} µs"
    if unit == "MiB":
        return f"{value:.1f} MiB"
    return f"{value:.3g} {unit}"


class Table:
    """Rows of (benchmark, samples, baseline name, baseline samples, target ratio or absolute)."""

    HEADER = ("| Benchmark | n | median | min | max | baseline | baseline median | ratio | target | met? |\n"
              "|---|---|---|---|---|---|---|---|---|---|")

    def __init__(self, title):
        self.title = title
        self.rows = []
        self.notes = []

    def add(self, name, samples, unit="ms", baseline=None, baseline_samples=None, target=None, absolute=None):
        """`target`: the highest ratio allowed; `absolute`: the highest median allowed (same unit)."""
        s = summary(samples)
        b = summary(baseline_samples) if baseline_samples else None
        ratio = s["median"] / b["median"] if b else None
        if target is not None and ratio is not None:
            goal, met = f"≤ {target}×", "yes" if ratio <= target else "**no**"
        elif absolute is not None:
            goal, met = f"≤ {fmt(absolute, unit)}", "yes" if s["median"] <= absolute else "**no**"
        else:
            goal, met = "–", "–"
        self.rows.append("| " + " | ".join([
            name, str(s["n"]), fmt(s["median"], unit), fmt(s["min"], unit), fmt(s["max"], unit),
            baseline or "–", fmt(b["median"], unit) if b else "–",
            f"{ratio:.2f}×" if ratio is not None else "–", goal, met]) + " |")
        return s, b, ratio

    def note(self, text):
        self.notes.append(text)

    def render(self):
        out = [f"### {self.title}", "", self.HEADER, *self.rows]
        if self.notes:
            out += [""] + [f"- {n}" for n in self.notes]
        return "\n".join(out) + "\n"
