"""Movement over hexes: everywhere a mover can end within a budget, and the cheapest path, for any step cost."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from hexgrid.coords import Hex, neighbors


class AllowanceCost:
    """Step cost meaning "the mover's whole allowance": only as the first step of a move, and the mover stops."""

    def __repr__(self) -> str:
        return "ALL"


ALL = AllowanceCost()
StepCost = Callable[[Hex, Hex], float | AllowanceCost | None]
Steps = Callable[[Hex], Iterable[tuple[Hex, float | AllowanceCost]]]  # the steps out of a hex and their costs
_SLACK = 1e-9  # tolerance for float sums such as 0.5 + 0.5 + 1/3 against a budget


def always(_: Hex) -> bool:
    return True


def neighbor_steps(step_cost: StepCost, in_bounds: Callable[[Hex], bool] = always) -> Steps:
    """Steps from a cost per pair of hexes: each neighbour in DIRECTIONS order that step_cost prices (None: no step)
    and in_bounds admits. step_cost is asked first (it rules out most steps), so it must answer for a hex off the
    map too (None, say). A mover that pays the same costs all game is faster with its steps listed once per hex."""

    def steps(here: Hex) -> list[tuple[Hex, float | AllowanceCost]]:
        found = []
        for there in neighbors(here):
            cost = step_cost(here, there)
            if cost is not None and in_bounds(there):
                found.append((there, cost))
        return found

    return steps


# A search state is (hex, stopped): stopped states were entered with ALL and may not go on.
_State = tuple[Hex, bool]


def _search(
    start: Hex, budget: float, steps: Steps, can_stop: Callable[[Hex], bool]
) -> tuple[dict[_State, float], dict[_State, _State]]:
    """Dijkstra over (hex, stopped) states; steps expanded in the order given, first cheapest wins."""
    best: dict[_State, float] = {(start, False): 0.0}
    came_from: dict[_State, _State] = {}
    queue: list[tuple[float, int, Hex]] = [(0.0, 0, start)]
    pushed = 1
    limit, unreached = budget + _SLACK, float("inf")
    while queue:
        spent, _, here = heapq.heappop(queue)
        if spent > best[(here, False)]:
            continue
        for there, cost in steps(here):
            if isinstance(cost, AllowanceCost):
                if here != start or not can_stop(there) or budget <= 0 or (there, True) in best:
                    continue
                best[(there, True)] = float(budget)
                came_from[(there, True)] = (here, False)
                continue
            total = spent + cost
            if total > limit or total >= best.get((there, False), unreached):
                continue
            best[(there, False)] = total
            came_from[(there, False)] = (here, False)
            heapq.heappush(queue, (total, pushed, there))
            pushed += 1
    return best, came_from


def _ends(start: Hex, best: dict[_State, float], can_stop: Callable[[Hex], bool]) -> dict[_State, float]:
    """The cheapest state per hex the mover may end in (the start always counts)."""
    ends: dict[Hex, tuple[float, bool]] = {}
    for (h, stopped), cost in best.items():
        if (h == start or can_stop(h)) and (h not in ends or cost < ends[h][0]):
            ends[h] = (cost, stopped)
    return {(h, stopped): cost for h, (cost, stopped) in ends.items()}


def reachable(start: Hex, budget: float, steps: Steps, *, can_stop: Callable[[Hex], bool] = always) -> dict[Hex, float]:
    """Every hex the mover can end in (start included at 0) with the cheapest cost; can_stop=False hexes are
    passed through only. A step costing ALL is allowed only from start and costs the whole budget."""
    best, _ = _search(start, budget, steps, can_stop)
    return {h: cost for (h, _stopped), cost in sorted(_ends(start, best, can_stop).items())}


def cheapest_path(
    start: Hex,
    goal: Hex,
    budget: float,
    steps: Steps,
    *,
    can_stop: Callable[[Hex], bool] = always,
) -> list[Hex] | None:
    """The cheapest path from start to goal (both included) within budget, or None; ties go to the path whose
    steps were found first expanding each hex's steps in the order given."""
    best, came_from = _search(start, budget, steps, can_stop)
    state = next((s for s in _ends(start, best, can_stop) if s[0] == goal), None)
    if state is None:
        return None
    path = [state[0]]
    while state in came_from:
        state = came_from[state]
        path.append(state[0])
    return path[::-1]
