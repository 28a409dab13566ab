#!/usr/bin/env python3
"""Regenerate the reference hardware: netlists, ERC, BOM, power budget, drawings.

    python hardware/build.py            write every generated file into hardware/
    python hardware/build.py --check    write nothing; fail if a file is out of date
    python hardware/build.py --out DIR  write into DIR instead

Exit status 0: every build passed the electrical rules check (and, with --check,
every generated file is up to date); 1 otherwise. See README.md in this folder.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fireice_hw import HW_DIR, outputs  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HW_DIR, help="where to write (default: hardware/)")
    ap.add_argument("--check", action="store_true", help="write nothing, fail if out of date")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    files, results = outputs.generate()
    failed = False
    for r in results:
        n = r.netlist
        status = "pass" if r.ok else "FAIL"
        print(
            f"ERC {r.variant}: {len(n.components)} parts, {len(n.nets)} nets, "
            f"{len(r.skidl_errors)} errors, {len(r.skidl_warnings)} warnings, "
            f"{len(r.findings)} rule findings: {status}"
        )
        for p in r.problems:
            print(f"  {p}")
        failed |= not r.ok
    if args.check:
        out_of_date = outputs.stale(files, args.out)
        for name in out_of_date:
            print(f"out of date: {name} (run python hardware/build.py)")
        failed |= bool(out_of_date)
    else:
        outputs.write(files, args.out)
        print(f"wrote {len(files)} files to {args.out}")
    print(f"{'FAILED' if failed else 'ok'} in {time.monotonic() - t0:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
