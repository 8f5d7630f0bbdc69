# Shared by scripts/test and scripts/setup: install what is missing, nothing more.

# Debian packages for building (C headers) and testing (display, bus, keyring, validators).
BUILD_PACKAGES=(pkg-config gettext libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev libsecret-1-dev libsqlite3-dev
  glib-networking libqrencode-dev)
# The release build (scripts/setup, bench/run) links Foundation statically (--static-swift-stdlib); the
# executables do not link FoundationNetworking (AuthURLSession), so libcurl's headers are not needed.
RELEASE_PACKAGES=("${BUILD_PACKAGES[@]}")
# What `auth-desktop install` and the window use on a desktop (often there already; gettext: `install`
# compiles the translations with msgfmt).
RUN_PACKAGES=(xdg-utils desktop-file-utils gnome-keyring gettext)
# qrencode: the reference the QR tests compare the prompt's QR code with. openbox, xdotool and x11-utils
# (xprop, xmessage): the window manager of WindowRaiseTests and its view of focus. bubblewrap: a caller in
# a sandbox with a /.flatpak-info of its own (CallerIdentityTests).
TEST_PACKAGES=("${BUILD_PACKAGES[@]}" qrencode python3-venv xvfb dbus-daemon dbus-x11 xdg-utils desktop-file-utils
  appstream gnome-keyring libsecret-tools imagemagick python3-gi gir1.2-atspi-2.0 at-spi2-core
  openbox xdotool x11-utils bubblewrap mutter)

ensure_debian_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ./.venv with Authlib, Flask and waitress (the tests' protocol servers), reinstalled when the pins change.
ensure_python_venv() {
  local requirements=Tests/Servers/requirements.txt stamp=.venv/.requirements
  if [ -x .venv/bin/python ] && cmp -s "$requirements" "$stamp"; then return 0; fi
  echo "== creating .venv (Authlib, Flask, waitress)"
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$stamp"
}

# bench/run only (on top of TEST_PACKAGES): a C compiler and the X11 headers for the baseline window and
# the map observer.
BENCH_PACKAGES=(gcc libc6-dev libx11-dev)
