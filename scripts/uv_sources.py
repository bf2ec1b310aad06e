"""The package sources pip is configured with (its configuration files and PIP_*
variables, as ``pip config list`` prints them on stdin), as uv's options: uv reads no
pip configuration.  pip treats every index alike, hence ``unsafe-best-match``."""

import shlex
import sys

OPTIONS = {
    "index-url": ["--index-url"],
    "extra-index-url": ["--extra-index-url"],
    "find-links": ["--find-links"],
    "constraint": ["--constraint"],
}


def main() -> None:
    found: list[str] = ["--index-strategy", "unsafe-best-match"]
    for line in sys.stdin:
        key, _, value = line.strip().partition("=")
        option = OPTIONS.get(key.rpartition(".")[2])
        if option is None:
            continue
        for item in shlex.split(value)[0].split() if value else []:
            if item not in found:  # a file's setting and a variable's may be the same
                found += [*option, item]
    print(" ".join(shlex.quote(part) for part in found))


if __name__ == "__main__":
    main()
