# The gettext steps (po/, docs/CONTRIBUTING.md, "Translations"), shared by scripts/translations, scripts/test and the tests.
# xgettext 0.21 has no Swift parser: its C parser reads the Swift sources (string literals are C's; the
# keywords are `tr` and `ntr`, placeholders `{name}`, checked by msgfmt as python-brace-format).
TRANSLATION_DOMAIN=dev.authdesktop.AuthDesktop

# Writes the template to $1 (default po/DOMAIN.pot): every marked message of the Swift files in
# po/POTFILES, then the desktop entry's and the AppStream metadata's (data/*.in).
extract_pot() {
  local output=${1:-po/$TRANSLATION_DOMAIN.pot} scratch
  scratch=$(mktemp)
  xgettext --from-code=UTF-8 --language=C --keyword= --keyword=tr:1 --keyword=ntr:1,2 \
    --add-comments=TRANSLATORS: --add-location=file --no-wrap --package-name=AuthDesktop \
    --msgid-bugs-address=https://authdesktop.dev --files-from=po/POTFILES --output="$scratch" 2>/dev/null
  xgettext --join-existing --language=Desktop --add-location=file --no-wrap --output="$scratch" \
    "data/$TRANSLATION_DOMAIN.desktop.in"
  xgettext --join-existing --its=/usr/share/gettext/its/metainfo.its --add-location=file --no-wrap \
    --output="$scratch" "data/$TRANSLATION_DOMAIN.metainfo.xml.in"
  mark_brace_formats <"$scratch" >"$output"
  rm -f "$scratch"
}

# xgettext's C parser ignores --flag=…:python-brace-format: mark the messages whose every brace is a
# `{name}` placeholder, so that `msgfmt --check` checks that translations keep them.
mark_brace_formats() {
  awk '
    /^msgid / && !flagged {
      text = $0
      if (text ~ /\{[a-z_]+\}/) { gsub(/\{[a-z_]+\}/, "", text); if (text !~ /[{}]/) print "#, python-brace-format" }
    }
    { print; flagged = 0 }
  '
}

# Compiles po/LANG.po for every language of po/LINGUAS into $1/LANG/LC_MESSAGES/DOMAIN.mo.
compile_catalogs() {
  local destination=$1 language
  for language in $(grep -v '^#' po/LINGUAS); do
    mkdir -p "$destination/$language/LC_MESSAGES"
    msgfmt --check -o "$destination/$language/LC_MESSAGES/$TRANSLATION_DOMAIN.mo" "po/$language.po"
  done
}

# Merges the translations into the desktop entry and the AppStream metadata: data/*.in to $1 (data/).
merge_data() {
  local destination=${1:-data}
  msgfmt --desktop -d po --template "data/$TRANSLATION_DOMAIN.desktop.in" \
    -o "$destination/$TRANSLATION_DOMAIN.desktop"
  msgfmt --xml -d po --template "data/$TRANSLATION_DOMAIN.metainfo.xml.in" \
    -o "$destination/$TRANSLATION_DOMAIN.metainfo.xml"
}
