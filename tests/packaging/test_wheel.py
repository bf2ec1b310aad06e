"""The sdist and the wheel as a user gets them: both ship the whole package (the web
client of ``src/studpoker/web/`` too, and LICENSE), and ``stud serve`` run from the
wheel installed in a clean virtual environment serves the real page.

The build runs ``python -m build --no-isolation`` on a copy of the files a build reads,
so that it writes nothing into the work tree; as ``python -m build`` does, the wheel is
built from the unpacked sdist, which so proves the sdist complete.  The backend is the
one the test extra installs (setuptools, [build-system]), so nothing is downloaded.

The clean environment gets the wheel alone (``--no-deps``); its dependencies are read
from this environment's site-packages through a ``.pth`` line, which puts that folder on
``sys.path`` after the new environment's own without running its ``.pth`` files: the
editable install's path to ``src/`` stays out, and the test checks that ``studpoker``
is imported from the new environment.

No ``__init__.py`` here: as a package this folder would be ``packaging``, the name of
the library that pip and build import.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import zipfile
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "studpoker"
WEB = PACKAGE / "web"
# What setuptools reads to build the sdist (those that exist), besides src/.
BUILD_FILES = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "setup.py", "setup.cfg")
# What a build or a run leaves in a source tree, never shipped.
LITTER = ("__pycache__", "*.pyc", "*.pyo", "*.egg-info", ".*")


def _package_files() -> set[str]:
    """Every file of the package in the work tree, relative to ``src/`` (``studpoker/…``)."""
    files = set()
    for path in PACKAGE.rglob("*"):
        relative = path.relative_to(PACKAGE.parent)
        litter = "__pycache__" in relative.parts or path.suffix in {".pyc", ".pyo"}
        hidden = any(part.startswith(".") for part in relative.parts)
        if path.is_file() and not litter and not hidden:
            files.add(relative.as_posix())
    return files


def _build(tmp_path: Path) -> tuple[Path, Path]:
    """The sdist and the wheel of the work tree, built in ``tmp_path``."""
    try:
        import build  # noqa: F401
        import setuptools
    except ImportError as missing:  # pragma: no cover - a stale .venv
        pytest.fail(f"{missing}: scripts/setup.sh installs the test extra", pytrace=False)
    major = int(setuptools.__version__.split(".")[0])
    assert major >= 77, f"setuptools {setuptools.__version__}: run scripts/setup.sh"
    tree = tmp_path / "tree"
    tree.mkdir()
    for name in BUILD_FILES:
        if (ROOT / name).is_file():
            (tree / name).write_bytes((ROOT / name).read_bytes())
    shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns(*LITTER))
    dist = tmp_path / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(tree)],
        capture_output=True,
        text=True,
        env=_clean_environment(),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (sdist,) = dist.glob("studpoker-*.tar.gz")
    (wheel,) = dist.glob("studpoker-*-py3-none-any.whl")
    return sdist, wheel


def _clean_environment() -> dict[str, str]:
    """This process's environment without what would put another studpoker in reach."""
    drop = {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "PYTHONSAFEPATH"}
    return {
        key: value
        for key, value in os.environ.items()
        if key not in drop and not key.startswith(("COVERAGE_", "PIP_"))
    }


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.long
def test_the_wheel_and_sdist_ship_the_web_client_and_stud_serve_serves_it(tmp_path):
    sdist, wheel = _build(tmp_path)
    web = sorted(path.name for path in WEB.iterdir() if path.is_file())
    assert {"index.html", "main.js", "style.css"} <= set(web)

    # The archives: the web client by name, LICENSE, and every file of the package.
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
    dist_info = wheel.name.split("-py3")[0] + ".dist-info"
    for name in web:
        assert f"studpoker/web/{name}" in in_wheel
    assert f"{dist_info}/licenses/LICENSE" in in_wheel
    assert {name for name in in_wheel if name.startswith("studpoker/")} == _package_files()
    with tarfile.open(sdist) as archive:
        in_sdist = {member.name for member in archive.getmembers() if member.isfile()}
    top = sdist.name.removesuffix(".tar.gz")
    for name in web:
        assert f"{top}/src/studpoker/web/{name}" in in_sdist
    assert f"{top}/LICENSE" in in_sdist
    shipped = {name.removeprefix(f"{top}/src/") for name in in_sdist if "/src/studpoker/" in name}
    assert shipped == _package_files()

    # A clean virtual environment with the wheel, the dependencies read from this one's.
    env = _clean_environment()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install"]
    install += ["--no-deps", "--no-index", "--no-compile", "--quiet", str(wheel)]
    subprocess.run(install, check=True, env=env)
    target = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(target.stdout.strip()) / "studpoker-test-dependencies.pth").write_text(
        "".join(f"{folder}\n" for folder in sorted(here))
    )
    where = subprocess.run(
        [python, "-c", "import studpoker, sys; print(studpoker.__file__); print(sys.path)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env=env,
    )
    origin, path = where.stdout.splitlines()
    assert Path(origin).resolve().is_relative_to(venv.resolve()), where.stdout
    assert str(ROOT / "src") not in path, where.stdout

    # docs/operating.md's first steps with the new environment's stud: the shipped
    # settings (its port and file made the test's), the first operator and her link.
    port = _free_port()
    config = tmp_path / "room.toml"
    shipped = (ROOT / "deploy" / "room.toml").read_text()
    config.write_text(
        shipped.replace("port = 8000", f"port = {port}").replace(
            "sqlite:////var/lib/stud/stud.db", f"sqlite:///{tmp_path / 'room.db'}"
        )
    )
    stud = venv / "bin" / "stud"

    def admin(*argv: str) -> str:
        done = subprocess.run(
            [stud, "admin", *argv, "--config", str(config)],
            capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
        )  # fmt: skip
        return done.stdout

    made = admin("create", "olga")
    assert made.startswith(f"olga: created; its password is set at http://127.0.0.1:{port}/#reset=")
    reset = made.split("#reset=")[1].split()[0]
    assert admin("grant", "olga", "operator") == "olga: operator\n"

    # stud serve from the new environment: the page and every file of the client.
    log = tmp_path / "serve.log"
    command = [stud, "serve", "--config", str(config), "--log-level", "warning"]
    with log.open("wb") as out:
        server = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path, env=env
        )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text()
            try:
                page = httpx.get(f"{url}/", timeout=5)
                break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        source = (WEB / "index.html").read_bytes()
        assert page.status_code == 200, page.text
        (title,) = re.findall(rb"<title>(.+?)</title>", source)
        assert f"<title>{title.decode()}</title>" in page.text
        assert page.content == source
        loaded = re.findall(r'<(?:script|link)[^>]* (?:src|href)="([^":]+)"', source.decode())
        assert {"main.js", "style.css"} <= set(loaded)
        for name in sorted(set(web) | set(loaded)):
            answer = httpx.get(f"{url}/{name}", timeout=5)
            assert answer.status_code == 200, name
            assert answer.content == (WEB / name).read_bytes(), name
        # The operator sets her password by the link, and reads what an operator reads.
        session = httpx.post(f"{url}/api/password-reset",
                             json={"token": reset, "password": "olga-secret-1"})  # fmt: skip
        assert session.status_code == 200, session.text
        bearer = {"Authorization": f"Bearer {session.json()['token']}"}
        assert httpx.get(f"{url}/readyz").json()["status"] == "ready"
        assert "studpoker_sockets 0.0" in httpx.get(f"{url}/metrics", headers=bearer).text
        listed = httpx.get(f"{url}/api/admin/accounts", headers=bearer).json()
        assert [(a["name"], a["role"]) for a in listed] == [("olga", "operator")]
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # pragma: no cover - a server that hangs
            server.kill()
            server.wait()
            raise
    assert server.returncode == 0, log.read_text()  # SIGTERM: an orderly stop
