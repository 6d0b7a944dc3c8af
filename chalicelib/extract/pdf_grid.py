"""Ruled tables built from a page's vector rules and the spans we already read.

PyMuPDF's `find_tables` finds the same grids, but first turns every character of
the page into a Python dict (`make_chars`), which made it 100 times dearer than
reading the page's text. The rules are already at hand (`get_cdrawings`) and so
are the spans (`get_text("dict")`), so the grid is built here the way pdfplumber
(whose algorithm `find_tables` uses) builds it: edges snapped and joined, their
intersections, the smallest closed rectangles between intersections as cells,
cells sharing corners as one table, and the text of each cell from the spans
whose centre falls in it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

# pdfplumber's defaults, which find_tables uses.
SNAP_TOLERANCE = 3.0
JOIN_TOLERANCE = 3.0
EDGE_MIN_LENGTH = 3.0
INTERSECTION_TOLERANCE = 3.0
# Spans whose tops are this close are one line of a cell; a gap this wide between
# two spans of a line is a space.
LINE_TOLERANCE = 3.0
WORD_GAP = 3.0
_AXIS_SLACK = 1.0

Edge = tuple[float, float, float]  # (start, end, position)
Point = tuple[float, float]
Cell = tuple[float, float, float, float]


@dataclass(frozen=True)
class GridTable:
    """A ruled table: its bbox and its rows of cell text ("" where a cell is merged away)."""

    bbox: Cell
    rows: list[list[str]]


def _edges(paths: list[dict[str, Any]]) -> tuple[list[Edge], list[Edge]]:
    """Horizontal and vertical edges of the drawings, as find_tables takes them.

    Every rectangle counts, filled or stroked: a thin one is one rule, a larger
    one its four sides (cell backgrounds border their cells).
    """
    horizontal: list[Edge] = []
    vertical: list[Edge] = []
    for path in paths:
        for item in path.get("items", ()):
            kind = item[0]
            if kind == "l":
                (x0, y0), (x1, y1) = item[1], item[2]
                _line(x0, y0, x1, y1, horizontal=horizontal, vertical=vertical)
            elif kind == "re":
                _rect(item[1], horizontal=horizontal, vertical=vertical)
            elif kind == "qu":
                ul, ur, ll, lr = item[1]
                for (ax, ay), (bx, by) in ((ul, ll), (ll, lr), (lr, ur), (ur, ul)):
                    _line(ax, ay, bx, by, horizontal=horizontal, vertical=vertical)
    return horizontal, vertical


def _line(
    x0: float, y0: float, x1: float, y1: float, *, horizontal: list[Edge], vertical: list[Edge]
) -> None:
    """An axis-parallel line as an edge; a slanted one is no table border."""
    if abs(y0 - y1) <= _AXIS_SLACK:
        if x1 != x0:
            horizontal.append((min(x0, x1), max(x0, x1), (y0 + y1) / 2))
    elif abs(x0 - x1) <= _AXIS_SLACK:
        vertical.append((min(y0, y1), max(y0, y1), (x0 + x1) / 2))


def _rect(
    rect: tuple[float, float, float, float], *, horizontal: list[Edge], vertical: list[Edge]
) -> None:
    """A thin rectangle as one rule through its middle, a larger one as its four sides."""
    x0, x1 = min(rect[0], rect[2]), max(rect[0], rect[2])
    y0, y1 = min(rect[1], rect[3]), max(rect[1], rect[3])
    width, height = x1 - x0, y1 - y0
    if width <= EDGE_MIN_LENGTH and width < height:
        vertical.append((y0, y1, (x0 + x1) / 2))
    elif height <= EDGE_MIN_LENGTH and height < width:
        horizontal.append((x0, x1, (y0 + y1) / 2))
    else:
        _line(x0, y0, x1, y0, horizontal=horizontal, vertical=vertical)
        _line(x0, y1, x1, y1, horizontal=horizontal, vertical=vertical)
        _line(x0, y0, x0, y1, horizontal=horizontal, vertical=vertical)
        _line(x1, y0, x1, y1, horizontal=horizontal, vertical=vertical)


def _snap(edges: list[Edge]) -> list[Edge]:
    """Edges whose positions lie within the snap tolerance moved to their mean position."""
    if not edges:
        return []
    ordered = sorted(edges, key=lambda edge: edge[2])
    snapped: list[Edge] = []
    group = [ordered[0]]
    for edge in ordered[1:]:
        if edge[2] - group[-1][2] <= SNAP_TOLERANCE:
            group.append(edge)
            continue
        mean = sum(e[2] for e in group) / len(group)
        snapped += [(e[0], e[1], mean) for e in group]
        group = [edge]
    mean = sum(e[2] for e in group) / len(group)
    snapped += [(e[0], e[1], mean) for e in group]
    return snapped


def _join(edges: list[Edge]) -> list[Edge]:
    """Collinear edges that overlap or nearly touch merged into one; short ones dropped."""
    by_position: dict[float, list[Edge]] = defaultdict(list)
    for edge in edges:
        by_position[edge[2]].append(edge)
    joined: list[Edge] = []
    for position, group in by_position.items():
        group.sort()
        start, end = group[0][0], group[0][1]
        for edge in group[1:]:
            if edge[0] <= end + JOIN_TOLERANCE:
                end = max(end, edge[1])
            else:
                joined.append((start, end, position))
                start, end = edge[0], edge[1]
        joined.append((start, end, position))
    return [edge for edge in joined if edge[1] - edge[0] >= EDGE_MIN_LENGTH]


def _intersections(
    horizontal: list[Edge], vertical: list[Edge]
) -> dict[Point, tuple[set[int], set[int]]]:
    """Crossing points, each with the horizontal and vertical edges (by index) through it."""
    tol = INTERSECTION_TOLERANCE
    points: dict[Point, tuple[set[int], set[int]]] = {}
    for v_index, (y0, y1, x) in enumerate(vertical):
        for h_index, (x0, x1, y) in enumerate(horizontal):
            if x0 - tol <= x <= x1 + tol and y0 - tol <= y <= y1 + tol:
                h_set, v_set = points.setdefault((x, y), (set(), set()))
                h_set.add(h_index)
                v_set.add(v_index)
    return points


def _cells(points: dict[Point, tuple[set[int], set[int]]]) -> list[Cell]:
    """The smallest rectangles whose four corners are crossings joined by edges."""

    def joined(a: Point, b: Point) -> bool:
        if a[0] == b[0] and points[a][1] & points[b][1]:
            return True
        return a[1] == b[1] and bool(points[a][0] & points[b][0])

    column: dict[float, list[Point]] = defaultdict(list)
    row: dict[float, list[Point]] = defaultdict(list)
    for point in sorted(points):
        column[point[0]].append(point)
        row[point[1]].append(point)
    cells: list[Cell] = []
    for point in sorted(points):
        below = [p for p in column[point[0]] if p[1] > point[1]]
        right = [p for p in row[point[1]] if p[0] > point[0]]
        found = False
        for down in below:
            if not joined(point, down):
                continue
            for across in right:
                if not joined(point, across):
                    continue
                corner = (across[0], down[1])
                if corner in points and joined(corner, across) and joined(corner, down):
                    cells.append((point[0], point[1], corner[0], corner[1]))
                    found = True
                    break
            if found:
                break
    return cells


def _group_tables(cells: list[Cell]) -> list[list[Cell]]:
    """Cells that share a corner, transitively, form one table."""
    corner_owner: dict[Point, int] = {}
    parent = list(range(len(cells)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    for index, (x0, y0, x1, y1) in enumerate(cells):
        for corner in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
            other = corner_owner.setdefault(corner, index)
            parent[root(other)] = root(index)
    groups: dict[int, list[Cell]] = defaultdict(list)
    for index, cell in enumerate(cells):
        groups[root(index)].append(cell)
    tables = [group for group in groups.values() if len(group) > 1]
    return sorted(tables, key=lambda group: (min(c[1] for c in group), min(c[0] for c in group)))


def _spans(layout: dict[str, Any]) -> list[tuple[Cell, str]]:
    """Every text span of a `get_text("dict")` result, with its bbox.

    Spaces count: a word space is sometimes a span of its own (between a link and
    the text after it).
    """
    spans = []
    for block in layout.get("blocks", ()):
        if block.get("type") != 0:
            continue
        for line in block.get("lines", ()):
            for span in line.get("spans", ()):
                text = span.get("text", "")
                if text:
                    x0, y0, x1, y1 = span["bbox"]
                    spans.append(((float(x0), float(y0), float(x1), float(y1)), text))
    return spans


def _cell_text(spans: list[tuple[Cell, str]]) -> str:
    """A cell's spans as lines (tops within the tolerance), words single-spaced."""
    lines: list[list[tuple[Cell, str]]] = []
    for span in sorted(spans, key=lambda item: item[0][1]):
        if lines and span[0][1] - lines[-1][0][0][1] <= LINE_TOLERANCE:
            lines[-1].append(span)
        else:
            lines.append([span])
    texts = []
    for line in lines:
        text = ""
        previous_end: float | None = None
        for bbox, span_text in sorted(line, key=lambda item: item[0][0]):
            if previous_end is not None and bbox[0] - previous_end > WORD_GAP:
                text += " "
            text += span_text
            previous_end = bbox[2]
        texts.append(" ".join(text.split()))
    return "\n".join(text for text in texts if text)


def _rows(group: list[Cell], spans: list[tuple[Cell, str]]) -> list[list[str]]:
    """A table's rows; a cell merged across columns or rows leaves "" where it spans."""
    columns = sorted({cell[0] for cell in group})
    tops = sorted({cell[1] for cell in group})
    by_corner = {(cell[0], cell[1]): cell for cell in group}
    # Spans by the height of their centre, so each cell looks only at its own band.
    ordered = sorted(spans, key=lambda span: span[0][1] + span[0][3])
    middles = [(span[0][1] + span[0][3]) / 2 for span in ordered]
    rows = []
    for top in tops:
        row = []
        for left in columns:
            cell = by_corner.get((left, top))
            if cell is None:
                row.append("")
                continue
            x0, y0, x1, y1 = cell
            band = ordered[bisect_left(middles, y0) : bisect_left(middles, y1)]
            inside = [span for span in band if x0 <= (span[0][0] + span[0][2]) / 2 < x1]
            row.append(_cell_text(inside))
        rows.append(row)
    return rows


def grid_tables(paths: list[dict[str, Any]], layout: dict[str, Any]) -> list[GridTable]:
    """The ruled tables of a page, from its `get_cdrawings()` and `get_text("dict")`."""
    horizontal, vertical = _edges(paths)
    horizontal = _join(_snap(horizontal))
    vertical = _join(_snap(vertical))
    points = _intersections(horizontal, vertical)
    spans = _spans(layout)
    tables = []
    for group in _group_tables(_cells(points)):
        bbox = (
            min(cell[0] for cell in group),
            min(cell[1] for cell in group),
            max(cell[2] for cell in group),
            max(cell[3] for cell in group),
        )
        tables.append(GridTable(bbox, _rows(group, spans)))
    return tables
