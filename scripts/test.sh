#!/usr/bin/env bash
# Every test of the workspace, in one command (README's test command; CI runs it too):
#  1. the Rust tests: unit, property, conformance traces, and the heavy perft counts, compiled
#     with optimisation (profile test-release);
#  2. the Python package's tests (crates/python/tests): the bindings, OpenSpiel, PettingZoo,
#     Gymnasium and Ray;
#  3. the web page's browser tests (crates/web/tests/browser) in headless Chromium.
# It installs what 2 and 3 need when it is missing: Debian's chromium and chromium-driver (with
# apt-get, which needs root; otherwise it says what to install and fails) and a Python virtual
# environment, target/venv, with the packages the two requirements files name. Nothing is
# skipped: a missing browser or package fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
target="$(realpath -m "${CARGO_TARGET_DIR:-target}")"

step() { echo; echo "== $* ($(date -u +%H:%M:%S))"; }

step "Rust tests"
cargo test --workspace --profile test-release

step "Chromium and its WebDriver"
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "chromium and chromedriver are missing: install Debian's chromium and" \
      "chromium-driver packages (as root: apt-get install chromium chromium-driver)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
chromium --version

step "Python environment ($target/venv)"
venv="$target/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet -r crates/python/requirements-test.txt \
  -r crates/python/requirements-train.txt -r crates/web/tests/browser/requirements.txt
# The package itself, built by maturin from the sources of this checkout.
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps ./crates/python

step "Python package tests"
(cd crates/python && "$venv/bin/python" -m pytest -q -p no:cacheprovider)

step "Browser tests"
# The server binary as step 1 built it: `cargo test --workspace` builds each package's binaries
# for its integration tests, with the features of the whole workspace. This only relinks it
# (a build of the one package would compile its dependencies again with other features).
cargo test --workspace --profile test-release --no-run --quiet
BOARDGAMES_WEB_BIN="$target/test-release/boardgames-web" \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider crates/web/tests/browser
