# Shared by scripts/run and scripts/test: install what is missing, once.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

# Each step names the time since the script started, so a slow run's log shows where the time went.
step() { printf '\n==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

# npm ci when node_modules is missing or older than the lock file.
npm_install() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    step "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

build_web() {
  npm_install "$ROOT/web"
  step "build the web app"
  # Built beside web/dist and then only the files that changed are replaced: the server embeds web/dist
  # and its build script watches it, so rewriting identical files would recompile the binary (minutes).
  local next="$ROOT/web/.dist-next"
  (cd "$ROOT/web" && npm run --silent build -- --outDir .dist-next)
  sync_changed "$next" "$ROOT/web/dist"
  rm -rf "$next"
}

# Makes directory $2 hold exactly the files of $1, writing only those whose bytes differ.
sync_changed() {
  local from="$1" to="$2" file
  mkdir -p "$to"
  (cd "$from" && find . -type f) | while read -r file; do
    if ! cmp -s "$from/$file" "$to/$file"; then
      mkdir -p "$(dirname "$to/$file")"
      cp "$from/$file" "$to/$file"
    fi
  done
  (cd "$to" && find . -type f) | while read -r file; do
    [ -e "$from/$file" ] || rm -f "$to/$file"
  done
  find "$to" -mindepth 1 -type d -empty -delete
}

ensure_chromium() {
  # fonts-wqy-zenhei: CJK glyphs, so Japanese, Korean and Chinese pages render (and are checked) as text.
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -d /usr/share/fonts/truetype/wqy ] || missing+=(fonts-wqy-zenhei)
  if [ "${#missing[@]}" -gt 0 ]; then
    step "install Debian's ${missing[*]} (browser tests)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Schemathesis (the API contract test) in its own virtual environment under target/, pinned.
SCHEMATHESIS_VERSION=4.32.5
ensure_schemathesis() {
  local venv="$ROOT/target/schemathesis"
  if [ ! -x "$venv/bin/schemathesis" ] || ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
    step "install schemathesis $SCHEMATHESIS_VERSION (API contract test)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  fi
}
