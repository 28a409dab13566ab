"""Rewrite fixtures/NAME.json from fixtures/NAME.txt with ref_rules.replay.

    python tests/reference/update_fixtures.py

(fixtures/seed002.txt itself comes from find_seed002.py --write.)
"""

import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import ref_rules as R  # noqa: E402


def main():
    for path in sorted(glob.glob(os.path.join(HERE, "fixtures", "*.txt"))):
        with open(path, encoding="utf-8") as handle:
            answer = R.replay(handle.read())
        with open(path[:-4] + ".json", "w", encoding="utf-8", newline="\n") as handle:
            handle.write(json.dumps(answer) + "\n")
        print(os.path.basename(path), answer["result"], answer["error"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
