#!/usr/bin/env bash
# Reference interpreters CPython 3.14 and 3.15 from Debian's unstable suite.
#
# pyenv here stops at 3.13 and python.org is unreachable; Debian unstable
# carries python3.14 and python3.15 (with -venv and the Lib/test packages),
# but they need a newer C library than this machine's, so they run inside a
# minimal Debian unstable root (debootstrap) entered with chroot. The host's
# /tmp, home directory and this checkout are bind-mounted at the same paths
# inside, so a file name means the same on both sides.
#
#   bash scripts/debian_pythons.sh          # set up (idempotent; quick when done)
#   bash scripts/debian_pythons.sh --check  # only say whether it is set up
#
# Afterwards $DEPYF_DEBIAN_BIN/python3.14 and python3.15 (default
# /opt/depyf-debian-sid/bin) run the interpreters with the caller's working
# directory and environment; tools/pythons.py finds them there.
# $DEPYF_DEBIAN_BIN/debian-run CMD runs any command inside (a venv's python).
#
# Needs root (debootstrap, chroot, mount). The package mirror is read from this
# machine's own apt sources at run time.
set -euo pipefail

ROOT=${DEPYF_DEBIAN_ROOT:-/opt/depyf-debian-sid/root}
BIN=${DEPYF_DEBIAN_BIN:-$(dirname "$ROOT")/bin}
MINORS=(14 15)
CHECKOUT=$(cd "$(dirname "$0")/.." && pwd)
READY="$ROOT/.depyf-ready"
# g++ and the -dev headers: Inductor compiles its C++ kernels and wrappers with them
# when the explainer's tests run there.
PACKAGES=(ca-certificates libstdc++6 g++)
for minor in "${MINORS[@]}"; do
  PACKAGES+=("python3.$minor" "python3.$minor-venv" "python3.$minor-dev" "libpython3.$minor-testsuite")
done

say() { echo "== debian_pythons: $*"; }
die() {
  echo "!! debian_pythons: $*" >&2
  exit 1
}

if [ "${1:-}" = "--check" ]; then
  if [ -f "$READY" ] && [ "$(cat "$READY")" = "${PACKAGES[*]}" ]; then
    for minor in "${MINORS[@]}"; do [ -x "$BIN/python3.$minor" ] || exit 1; done
    echo "ready: $BIN"
    exit 0
  fi
  echo "not set up (run bash scripts/debian_pythons.sh)"
  exit 1
fi

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and bind mounts); run it as root or with sudo"

# The first Debian archive URI this machine's apt is configured with (deb822
# .sources files or the one-line format); security suites are skipped.
mirror_uri() {
  local uri
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '
    /^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }')
  if [ -z "$uri" ]; then
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '
      $1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { if ($i !~ /security/) { print $i; exit } break } }')
  fi
  [ -n "$uri" ] || die "no Debian archive found in /etc/apt/sources.list*; cannot fetch Debian unstable"
  echo "$uri"
}

# Bind mounts the interpreters need (kernel file systems) and the paths a
# caller's files live under: the debian-run wrapper makes them (and drops stale
# ones) on every call, since mounts do not survive a reboot.
mount_all() {
  "$BIN/debian-run" true
}

setup_root() {
  if ! command -v debootstrap >/dev/null 2>&1; then
    say "installing debootstrap"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  fi
  local uri
  uri=$(mirror_uri)
  if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
    say "making a Debian unstable root in $ROOT (a few minutes)"
    rm -rf "$ROOT"
    mkdir -p "$ROOT"
    debootstrap --variant=minbase sid "$ROOT" "$uri" >"$ROOT.debootstrap.log" 2>&1 ||
      die "debootstrap failed; see $ROOT.debootstrap.log"
  fi
  echo "deb $uri sid main" >"$ROOT/etc/apt/sources.list"
  mount_all
  say "installing ${PACKAGES[*]}"
  # The unstable index served here is a dated snapshot: its Valid-Until has passed.
  chroot "$ROOT" apt-get -o Acquire::Check-Valid-Until=false update -qq
  DEBIAN_FRONTEND=noninteractive chroot "$ROOT" apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
  # pip inside reaches PyPI only with the host's certificate bundle.
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"
  fi
  echo "${PACKAGES[*]}" >"$READY"
}

write_wrappers() {
  mkdir -p "$BIN"
  local minor
  # tools/pythons.py maps the interpreter's own paths (its stdlib) to host paths with this.
  echo "$ROOT" >"$BIN/chroot-root"
  # debian-run CMD ARGS...: runs CMD inside the root, in the caller's directory
  # and environment (a venv made inside under a bound path runs this way).
  cat >"$BIN/debian-run.tmp" <<EOF
#!/usr/bin/env bash
# Runs a command inside the Debian unstable root $ROOT (made by $CHECKOUT/scripts/debian_pythons.sh)
# in the caller's directory; /tmp, \$HOME and the checkout are the same paths inside.
root=$ROOT
# A bound folder that was deleted on the host (an earlier CI checkout, say)
# stays mounted inside as an empty folder that cannot hold anything new, and a
# folder made again at its path is not the one mounted. Such stale mounts (the
# host path gone, or another folder) are dropped before binding, newest first:
# a mount made over another hides it.
awk -v root="\$root" 'index(\$5, root "/") == 1 { print \$5 }' /proc/self/mountinfo | tac | while read -r mounted; do
  host=\${mounted#"\$root"}
  case "\$host" in /proc | /dev | /dev/pts) continue ;; esac
  if [ ! -d "\$host" ] || [ "\$(stat -c %d:%i "\$host")" != "\$(stat -c %d:%i "\$mounted" 2>/dev/null)" ]; then
    umount -l "\$mounted" 2>/dev/null || true
  fi
done
for path in /proc /dev /dev/pts /tmp "\$HOME" $CHECKOUT \${DEPYF_DEBIAN_BINDS:-}; do
  [ -d "\$path" ] || continue
  # Already visible inside (under a bound folder): binding it again would make
  # the host folder a mount point of its own, which then cannot be removed.
  [ -d "\$root\$path" ] && [ "\$(stat -c %d:%i "\$path")" = "\$(stat -c %d:%i "\$root\$path")" ] && continue
  mountpoint -q "\$root\$path" && continue
  mkdir -p "\$root\$path" && mount --bind "\$path" "\$root\$path" 2>/dev/null || {
    echo "debian-run: cannot bind-mount \$path into \$root (needs root)" >&2; exit 126; }
done
# The caller's directory must exist inside: its top-level folder is bound too
# (not the system's own folders, which the root has itself).
top=/\$(echo "\$PWD" | cut -d/ -f2)
case "\$top" in
  / | /usr | /etc | /bin | /sbin | /lib* | /var | /opt | /proc | /sys | /dev | /boot | /run) ;;
  *) if ! mountpoint -q "\$root\$top"; then mkdir -p "\$root\$top" && mount --bind "\$top" "\$root\$top"; fi ;;
esac
# The root's own files by their host paths (a host tool passing a stdlib file
# found through tools/pythons.py): the root bound at its own path inside.
if ! mountpoint -q "\$root\$root"; then mkdir -p "\$root\$root" && mount --bind "\$root" "\$root\$root"; fi
exec chroot "\$root" /usr/bin/env -C "\$PWD" "\$@"
EOF
  chmod +x "$BIN/debian-run.tmp"
  mv "$BIN/debian-run.tmp" "$BIN/debian-run"
  for minor in "${MINORS[@]}"; do
    printf '#!/bin/sh\n# CPython 3.%s of the Debian unstable root %s.\nexec "%s/debian-run" /usr/bin/python3.%s "$@"\n' \
      "$minor" "$ROOT" "$BIN" "$minor" >"$BIN/python3.$minor.tmp"
    chmod +x "$BIN/python3.$minor.tmp"
    mv "$BIN/python3.$minor.tmp" "$BIN/python3.$minor"
  done
}

# The wrappers first: they make the bind mounts the setup needs too.
write_wrappers
if [ -f "$READY" ] && [ "$(cat "$READY")" = "${PACKAGES[*]}" ]; then
  say "already set up in $ROOT"
  mount_all
else
  setup_root
fi
for minor in "${MINORS[@]}"; do
  version=$("$BIN/python3.$minor" -c 'import sys; print(sys.version.split()[0])') ||
    die "python3.$minor does not run in $ROOT"
  say "CPython $version: $BIN/python3.$minor"
done
