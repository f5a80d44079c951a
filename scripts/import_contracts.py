"""An import-linter contract (``lint-imports``, see pyproject.toml): no module's import runs back
into itself, counting the imports Python makes that the import graph leaves out.

import-linter's own contracts miss a circle that runs through a package's lazy names
(``linko.engine``'s ``__getattr__``). The graph records ``from linko.engine import events`` as an
import of ``linko.engine.events`` alone, but Python first asks the package for an attribute
``events``, and while that module is not loaded yet the question goes to the package's
``__getattr__``, which may import any module it names (its ``TYPE_CHECKING`` imports, which the
graph does see). So here such an import also counts as an import of the package itself, and
every module is a node of its own: a circle between a package's ``__init__`` and its modules is
one too (the sibling contract folds a package's modules into one and leaves the package out).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set

import grimp
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck

Graph = Mapping[str, Set[str]]


class AcyclicModulesContract(Contract):
    """The modules of ``package`` import one another in no circle, each module on its own."""

    type_name = "acyclic_modules"

    package = fields.StringField()

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        root = str(self.package)
        imports = run_time_imports(graph, root)
        circles = [shortest_circle(imports, group) for group in circular_groups(imports)]
        return ContractCheck(kept=not circles, metadata={"circles": sorted(circles)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for circle in check.metadata["circles"]:
            output.print_error("An import circle (each imports the next; a package counts as")
            output.print_error("imported where its names are read, by `from package import`):")
            output.print_error("    " + " -> ".join([*circle, circle[0]]))
            output.new_line()


def run_time_imports(graph: grimp.ImportGraph, root: str) -> dict[str, set[str]]:
    """Each module of ``root`` and the modules of ``root`` it imports: the graph's imports, and
    the package of every module it imports by ``from package import module``."""
    modules = {name for name in graph.modules if name == root or name.startswith(root + ".")}
    imports: dict[str, set[str]] = {name: set() for name in modules}
    for importer in modules:
        for imported in graph.find_modules_directly_imported_by(importer) & modules:
            imports[importer].add(imported)
            package = imported.rpartition(".")[0]
            if (
                package
                and package != importer
                and any(
                    from_part(importer, bool(graph.find_children(importer)), line) == package
                    for line in lines_of(graph, importer, imported)
                )
            ):
                imports[importer].add(package)
    return imports


def lines_of(graph: grimp.ImportGraph, importer: str, imported: str) -> Iterable[str]:
    details = graph.get_import_details(importer=importer, imported=imported)
    return (str(detail["line_contents"]) for detail in details)


def from_part(importer: str, is_package: bool, line: str) -> str | None:
    """The module a ``from X import ...`` line of ``importer`` reads its names from, relative
    dots resolved as Python does; None for any other line."""
    words = line.split()
    if len(words) < 3 or words[0] != "from" or words[2] != "import":
        return None
    named = words[1]
    dots = len(named) - len(named.lstrip("."))
    if not dots:
        return named
    # One dot is the importer's own package: a package's ``__init__`` is named as the package.
    base = importer if is_package else importer.rpartition(".")[0]
    if dots > 1:
        base = base.rsplit(".", dots - 1)[0]
    rest = named[dots:]
    return f"{base}.{rest}" if rest else base


def circular_groups(imports: Graph) -> list[list[str]]:
    """The groups of two or more modules that reach one another (Tarjan's strongly connected
    components, without recursion)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(imports):
        if start in order:
            continue
        work = [(start, iter(sorted(imports[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, following = work[-1]
            for nxt in following:
                if nxt not in order:
                    order[nxt] = low[nxt] = len(order)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(imports[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], order[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == order[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


def shortest_circle(imports: Graph, group: list[str]) -> tuple[str, ...]:
    """The shortest circle through the first module of ``group``, within the group."""
    start, members = group[0], set(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(imports[node] & members):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return tuple(reversed(path))
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{group} is no circle")
