"""Count the instructions the engine runs for a fixed piece of work, under callgrind: a figure a busy machine does
not change, for comparing two versions of the engine side by side when wall time is too noisy.

    python benchmarks/bench_instructions.py [--work hands|simulate] [--hands N] ENGINE_PARENT [ENGINE_PARENT ...]

Each ENGINE_PARENT is a folder holding an ``engine`` package (a worktree, or ``git archive REV engine`` unpacked),
put first on ``PYTHONPATH``. The work: ``hands`` plays N hands of each structure with ``bench_hands.py``'s loop and
policy; ``simulate`` runs ``simulate --hands N`` with ``bench_simulate.py``'s arguments (six random bots). Python
starts, imports and warms up (a few other hands) with callgrind's instrumentation off; it is switched on
(``callgrind_control -i on``) for the work alone, with the garbage collector off, as the timed benchmarks do.
Prints each version's instructions and its ratio to the first. Needs valgrind; ``PYTHONHASHSEED=0`` is set, so a
rerun gives the same count to a few thousand instructions.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def work(kind: str, hands: int) -> None:
    """Runs in the measured child: warm up, say so, wait for the switch, do the work."""
    sys.path.insert(0, str(HERE))
    if kind == "hands":
        import bench_hands

        rules = [bench_hands.engine_rules(structure) for structure in ("fixed limit", "pot limit")]
        for each in rules:
            bench_hands.engine_play(each, 10_000, 5, 0)

        def run() -> None:
            for each in rules:
                bench_hands.engine_play(each, 0, hands, 0)

    else:
        import bench_simulate

        from engine.cli import main

        def simulate(count: int) -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                main(bench_simulate.simulate_argv(count, 1, bench_simulate.STACK))

        simulate(3)

        def run() -> None:
            simulate(hands)

    ready, go = Path(os.environ["BENCH_READY"]), Path(os.environ["BENCH_GO"])
    gc.collect()
    ready.touch()
    while not go.exists():
        time.sleep(0.05)
    gc.disable()
    run()


def count(parent: Path, kind: str, hands: int) -> int:
    """The instructions of the work with the engine found in ``parent``."""
    with tempfile.TemporaryDirectory() as folder:
        ready, go, out = Path(folder, "ready"), Path(folder, "go"), Path(folder, "callgrind.out")
        env = dict(os.environ, PYTHONPATH=str(parent), PYTHONHASHSEED="0", BENCH_READY=str(ready), BENCH_GO=str(go))
        subprocess.run([sys.executable, "-c", "import engine.cli"], env=env, check=True)  # bytecode compiled first
        child = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", sys.executable]
            + [__file__, "--child", kind, str(hands)],
            env=env,
            stderr=subprocess.DEVNULL,
        )
        while not ready.exists():
            if child.poll() is not None:
                raise SystemExit(f"the run with {parent} ended before its work began")
            time.sleep(0.2)
        subprocess.run(["callgrind_control", "-i", "on", str(child.pid)], check=True, capture_output=True)
        go.touch()
        if child.wait():
            raise SystemExit(f"the run with {parent} failed")
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no total")


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        work(sys.argv[2], int(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("parents", nargs="+", type=Path, help="folders each holding an engine package")
    parser.add_argument("--work", choices=("hands", "simulate"), default="hands")
    parser.add_argument("--hands", type=int, default=150, help="hands of the work (of each structure for hands)")
    args = parser.parse_args()
    first = None
    for parent in args.parents:
        total = count(parent.resolve(), args.work, args.hands)
        first = first or total
        print(f"{parent}\t{args.work}\t{args.hands}\t{total:,}\t{total / first:.4f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
