"""Self-play at scale: matches of built-in players (``dust1947 sim``'s) played as Ray tasks, a
batch of games per task, or locally without Ray (docs/python.md, "Self-play on Ray").

    from dust1947.distributed import run_match
    summary, rows = run_match(a="mcts:200ms", b="greedy", games=1000, scenario="annihilation",
                              seed=1, address="auto")

Game ``i`` is the game ``dust1947 sim --seed S`` plays as its game ``i`` (the same Rust
function, ``dust_ai::matchup``): its seeds come from the match seed and ``i`` only, never from
the task or the worker, so the result is the same whatever the number of workers, the batches,
or the tasks Ray had to run again. Games come in pairs (one seed, sides swapped), so an odd
number of games is rounded up, as ``sim`` does. The summary is ``sim``'s statistics, computed by
the same Rust code (``dust1947.summarize``): wins, victory points, the pentanomial counts of the
pairs, the score and the Elo difference with its 95% interval.

A task whose worker dies (a killed process, a lost node) is run again by Ray (``max_retries``);
its games are played again from their seeds, and each game is counted once: the driver keeps
one row per game number and refuses a second.
"""

import math
import os
import signal
import time

from . import _native

# Tasks Ray may run again after their worker died.
MAX_RETRIES = 3


def match_params(a="mcts", b="greedy", scenario=None, edition=None, seed=1, players_setup=False,
                 scenario_text=None):
    """The arguments of a match as ``dust1947.SelfPlay`` takes them (checked: an unknown player
    or scenario raises ``ValueError`` here, before any task starts)."""
    params = dict(a=a, b=b, scenario=scenario, edition=edition, seed=int(seed),
                  players_setup=bool(players_setup), scenario_text=scenario_text)
    _native.SelfPlay(**params)
    return params


def games_to_play(games):
    """The games of a request: pairs, so an odd number is rounded up (as ``sim`` does)."""
    if games < 1:
        raise ValueError("games must be at least 1")
    return 2 * math.ceil(games / 2)


def batches(n, batch_size):
    """The game numbers 0..n in batches of ``batch_size`` (whole pairs when it is even)."""
    return [list(range(i, min(i + batch_size, n))) for i in range(0, n, batch_size)]


def play_batch(params, indices, threads=1, crash_once=None):
    """Plays the games ``indices`` of the match ``params``; returns their rows.

    ``crash_once`` (a folder; for tests of recovery): the first batch to run while the folder
    has no ``crashed`` file creates it, plays half its games and kills its own process with
    SIGKILL, as a worker lost in the middle of a run would be."""
    sp = _native.SelfPlay(**params)
    if crash_once is not None:
        marker = os.path.join(crash_once, "crashed")
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            fd = None
        if fd is not None:
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            sp.play(indices[: len(indices) // 2], threads)
            os.kill(os.getpid(), signal.SIGKILL)
    return sp.play(list(indices), threads)


def _claim_core(pin_dir, cores):
    """Pins this process to a core of ``cores`` that no other live process of ``pin_dir`` holds
    (a file per core, holding its owner's pid); returns the core, or None when all are held."""
    for core in cores:
        path = os.path.join(pin_dir, f"core-{core}")
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            with open(path) as f:
                owner = int(f.read() or 0)
            if owner == os.getpid():
                return core
            try:
                os.kill(owner, 0)
                continue  # held by a live worker
            except ProcessLookupError:
                os.replace(path, path + ".dead")  # a dead worker's core: claim it again
                try:
                    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                except FileExistsError:
                    continue
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        os.sched_setaffinity(0, {core})
        return core
    return None


def timed_batch(params, indices, threads=1, crash_once=None, pin=None):
    """``play_batch``, and what it cost in the process that ran it: ``(rows, {"cpu": processor
    seconds of the process, "wall": seconds, "pid", "core"})``. ``pin=(folder, cores)``
    first pins the process to one of the cores no other worker holds (benchmarks on one
    machine: ``run_match(pin_cores=...)``)."""
    core = _claim_core(*pin) if pin else None
    wall, cpu = time.perf_counter(), time.process_time()
    rows = play_batch(params, indices, threads, crash_once)
    return rows, dict(cpu=time.process_time() - cpu, wall=time.perf_counter() - wall, pid=os.getpid(),
                      core=core)


def _collect(rows_by_game, rows):
    for r in rows:
        if r[0] in rows_by_game:
            raise RuntimeError(f"game {r[0]} came back twice")
        rows_by_game[r[0]] = tuple(r)


def _ray():
    try:
        import ray  # noqa: F401
    except ImportError as e:
        raise RuntimeError(
            "Ray is not installed: pip install 'ray[default]' (or run without --address to "
            "play locally)"
        ) from e
    return ray


def run_match(a="mcts", b="greedy", games=100, scenario=None, edition=None, seed=1,
              players_setup=False, scenario_text=None, address=None, batch_size=None,
              workers=None, progress=None, crash_once=None, sprt=None, alpha=0.05, beta=0.05,
              pin_cores=None, cpus_per_task=1):
    """Plays a match and returns ``(summary, rows)``.

    ``address``: ``None`` plays here without Ray (on ``workers`` threads, the number of cores
    by default); ``"local"`` starts a local Ray (``workers`` CPUs); ``"auto"``, ``"host:port"``
    or ``"ray://host:port"`` joins a running Ray cluster (an existing ``ray.init`` is used as
    it is), with at most ``workers`` tasks running at once when given. ``batch_size``: games
    per task (default: the games spread over four tasks per worker, at most 64 and an even
    number). ``progress``: a function called with (games
    done, games) as batches finish. The summary has ``sim --json``'s statistics and the
    match's description; the rows are one tuple per game, in game order (see
    ``dust1947.SelfPlay.play``).

    ``sprt="ELO0,ELO1"`` (with ``alpha``, ``beta``): ``sim --sprt``'s sequential test; the
    pairs are judged in their order as their games come back, no task is started once it has
    decided, and the result holds the pairs up to the deciding one (the same games as ``sim``'s
    whatever the workers), with ``summary["sprt"]``.

    The summary also says what the tasks cost where they ran: ``task_cpu_seconds`` (the
    processor time of the processes that played them, summed), ``task_wall_seconds`` (their
    wall time, summed) and ``worker_pids``; on a shared machine, games per processor second
    (``games / task_cpu_seconds``) measure the code, and ``task_cpu_seconds / task_wall_seconds``
    the share of a core the workers got. ``pin_cores`` (a list of cores; a Ray on this machine
    only): each worker process pins itself to a core of the list that no other worker holds
    (``os.sched_setaffinity``), so two workers never share a core; a pinned worker stays pinned
    for the rest of its life (start a new Ray for other measures). ``cpus_per_task``: the CPUs
    Ray reserves for each task (Ray only; default 1): a player that searches on two threads
    (``mcts:200ms``) gets the time it is given only with 2, or the threads share one core."""
    params = match_params(a, b, scenario, edition, seed, players_setup, scenario_text)
    n = games_to_play(games)
    if sprt is not None:
        _native.sprt_result([0] * 5, sprt, alpha, beta)  # checks the test's text
    decided = [None]

    def judge():
        if sprt is not None and decided[0] is None:
            decided[0] = _native.sprt_stop(list(rows_by_game.values()), sprt, alpha, beta)
        return decided[0] is not None
    start = time.perf_counter()
    rows_by_game = {}
    costs = []
    pin_dir = None
    if address is None:
        threads = workers or os.cpu_count() or 1
        backend = "local"
        size = batch_size or (n if sprt is None else max(2, 2 * threads))
        tasks = 0
        for batch in batches(n, size):
            rows, cost = timed_batch(params, batch, threads, crash_once)
            _collect(rows_by_game, rows)
            costs.append(cost)
            tasks += 1
            if progress:
                progress(len(rows_by_game), n)
            if judge():
                break
    else:
        ray = _ray()
        if not ray.is_initialized():
            if address == "local":
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        backend = "ray"
        cpus = int(ray.cluster_resources().get("CPU", 1))
        threads = workers or max(1, cpus // max(1, cpus_per_task))
        size = batch_size or max(2, min(64, 2 * math.ceil(n / (8 * threads))))
        if cpus_per_task < 1:
            raise ValueError("cpus_per_task must be at least 1")
        remote = ray.remote(num_cpus=cpus_per_task, max_retries=MAX_RETRIES, retry_exceptions=False)(timed_batch)
        if pin_cores:
            import tempfile

            pin_dir = tempfile.mkdtemp(prefix="dust1947-pin-")
        todo = batches(n, size)
        tasks = len(todo)
        # At most `workers` tasks at once when given (else all: Ray schedules them on its CPUs).
        limit = workers or tasks
        pending = []
        while todo or pending:
            while todo and len(pending) < limit:
                pin = (pin_dir, list(pin_cores)) if pin_cores else None
                pending.append(remote.remote(params, todo.pop(0), 1, crash_once, pin))
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                rows, cost = ray.get(ref)
                _collect(rows_by_game, rows)
                costs.append(cost)
            if progress:
                progress(len(rows_by_game), n)
            if judge():
                # Decided: start nothing more, and drop what is still running.
                tasks -= len(todo)
                todo = []
                for ref in pending:
                    ray.cancel(ref, force=True)
                pending = []
    if decided[0] is not None:
        n = 2 * decided[0]
    if not set(range(n)) <= set(rows_by_game):
        missing = sorted(set(range(n)) - set(rows_by_game))
        raise RuntimeError(f"games {missing[:10]} did not come back")
    rows = [rows_by_game[i] for i in range(n)]
    summary = dict(_native.summarize(rows))
    if sprt is not None:
        summary["sprt"] = dict(_native.sprt_result(summary["pentanomial"], sprt, alpha, beta))
    described = _native.SelfPlay(**params)
    summary.update(
        requested=games,
        a=described.a,
        b=described.b,
        scenario=described.scenario,
        seed=params["seed"],
        setup="players" if players_setup else "scenario",
        backend=backend,
        tasks=tasks,
        batch_size=size,
        workers=threads,
        wall_seconds=time.perf_counter() - start,
        task_cpu_seconds=sum(c["cpu"] for c in costs),
        task_wall_seconds=sum(c["wall"] for c in costs),
        worker_pids=sorted({c["pid"] for c in costs}),
        worker_cores=sorted({c["core"] for c in costs if c["core"] is not None}),
    )
    if pin_dir:
        import shutil

        shutil.rmtree(pin_dir, ignore_errors=True)
    return summary, rows
