# Sourced by setup.sh and start.sh: makes DIR a Redmine instance named NAME. Debian's Redmine
# finds an instance's database, secret, logs and files under /var/lib/redmine/NAME
# (REDMINE_INSTANCE), so that name is a link to DIR, which holds them.
redmine_instance() {
  local name="$1" dir="$2"
  mkdir -p "$dir/config" "$dir/files" "$dir/log" "$dir/tmp/cache" "$dir/public" "$dir/db"
  [ -s "$dir/config/secret_key.txt" ] || head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$dir/config/secret_key.txt"
  cat > "$dir/config/database.yml" <<YML
production:
  adapter: sqlite3
  database: $dir/db/redmine.sqlite3
  timeout: 5000
YML
  ln -sfn "$dir" "/var/lib/redmine/$name"
}
