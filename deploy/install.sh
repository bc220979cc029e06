#!/usr/bin/env bash
# The README's "Deploy" as one script: 파티온 on one Debian 12 machine, several instances behind nginx, sharing one
# PostgreSQL and one Redis. Run it as root from a checkout of the release:
#
#   deploy/install.sh --domain partyon.example.kr --kakao-key KEY [--instances 3] [--first-port 3001]
#                     [--cert /path/fullchain.pem --key /path/privkey.pem]
#
# Safe to run again for the next release: it keeps the secrets, passwords and certificate it made the first time
# (a new VAPID pair would end every push subscription, a new JWT secret would sign everyone out), installs the new
# code, migrates once, and restarts the instances one at a time.
set -euo pipefail

domain=""
kakao_key=""
instances=3
first_port=3001
cert=""
cert_key=""
while [ $# -gt 0 ]; do
  case "$1" in
    --domain) domain="$2"; shift 2 ;;
    --kakao-key) kakao_key="$2"; shift 2 ;;
    --instances) instances="$2"; shift 2 ;;
    --first-port) first_port="$2"; shift 2 ;;
    --cert) cert="$2"; shift 2 ;;
    --key) cert_key="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$domain" ] || { echo "install.sh: --domain is required (the host name students open)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run it as root" >&2; exit 2; }

src="$(cd "$(dirname "$0")/.." && pwd)"
app=/opt/partyon
etc=/etc/partyon
state=/var/lib/partyon
ports=()
for ((i = 0; i < instances; i++)); do ports+=($((first_port + i))); done
step() { printf '\n== %s\n' "$1"; }
# URL-safe random secrets: they go into connection strings and an environment file unquoted.
secret() { openssl rand -base64 48 | tr -d '\n=' | tr '+/' '-_'; }

step "packages: nginx, PostgreSQL, Redis, openssl"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx postgresql redis-server openssl rsync >/dev/null
node="$(command -v node || true)"
if [ -z "$node" ] || ! "$node" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "install.sh: Node.js 20.19 or later is needed (production should run the current LTS, see docs/operations.md)" >&2
  exit 1
fi
echo "node $("$node" --version) at $node"

step "the service account and folders"
id partyon >/dev/null 2>&1 || useradd --system --home-dir "$state" --shell /usr/sbin/nologin partyon
install -d -o root -g partyon -m 0750 "$etc"
install -d -o partyon -g partyon -m 0750 "$state"

step "the code: $app (installed, built once)"
install -d -m 0755 "$app"
rsync -a --delete --exclude node_modules --exclude data --exclude dist --exclude test-results --exclude .git "$src/" "$app/"
(cd "$app" && npm ci --no-audit --no-fund && npm run build)
chown -R root:root "$app"

step "PostgreSQL: the owner, the app's role, the database"
env_file="$etc/partyon.env"
owner_file="$etc/owner.env"
# Passwords made the first time are kept: the instances' file already holds them.
app_password="$(sed -n 's#^DATABASE_URL=postgres://partyon_app:\([^@]*\)@.*#\1#p' "$env_file" 2>/dev/null || true)"
owner_password="$(sed -n 's#^DATABASE_OWNER_URL=postgres://partyon_owner:\([^@]*\)@.*#\1#p' "$owner_file" 2>/dev/null || true)"
[ -n "$app_password" ] || app_password="$(secret)"
[ -n "$owner_password" ] || owner_password="$(secret)"
runuser -u postgres -- psql -v ON_ERROR_STOP=1 -q <<SQL
SELECT format('CREATE ROLE partyon_owner LOGIN PASSWORD %L', '$owner_password') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'partyon_owner')\gexec
SELECT format('CREATE ROLE partyon_app LOGIN PASSWORD %L', '$app_password') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'partyon_app')\gexec
ALTER ROLE partyon_owner LOGIN PASSWORD '$owner_password';
ALTER ROLE partyon_app LOGIN PASSWORD '$app_password';
-- The owner migrates and grants; to grant it must be able to act as the role.
GRANT partyon_app TO partyon_owner;
SELECT 'CREATE DATABASE partyon OWNER partyon_owner' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'partyon')\gexec
REVOKE ALL ON DATABASE partyon FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE partyon TO partyon_app;
SQL

step "settings and secrets: $env_file"
if [ ! -f "$env_file" ]; then
  vapid="$(cd "$app" && "$node" -e 'const k=require("web-push").generateVAPIDKeys();console.log(k.publicKey+" "+k.privateKey)')"
  sed -e "s#^PUBLIC_URL=.*#PUBLIC_URL=https://$domain#" \
    -e "s#^DATABASE_URL=.*#DATABASE_URL=postgres://partyon_app:$app_password@127.0.0.1:5432/partyon#" \
    -e "s#^JWT_SECRET=.*#JWT_SECRET=$(secret)#" \
    -e "s#^OPS_TOKEN=.*#OPS_TOKEN=$(secret)#" \
    -e "s#^VAPID_PUBLIC_KEY=.*#VAPID_PUBLIC_KEY=${vapid% *}#" \
    -e "s#^VAPID_PRIVATE_KEY=.*#VAPID_PRIVATE_KEY=${vapid#* }#" \
    -e "s#^VAPID_SUBJECT=.*#VAPID_SUBJECT=https://$domain#" \
    -e "s#^KAKAO_REST_API_KEY=.*#KAKAO_REST_API_KEY=$kakao_key#" \
    "$app/deploy/partyon.env.example" >"$env_file.new"
  chown root:partyon "$env_file.new"
  chmod 0640 "$env_file.new"
  mv "$env_file.new" "$env_file"
  echo "made $env_file (secrets generated; keep a copy somewhere safe)"
else
  echo "kept $env_file and its secrets"
  [ -z "$kakao_key" ] || sed -i "s#^KAKAO_REST_API_KEY=.*#KAKAO_REST_API_KEY=$kakao_key#" "$env_file"
fi
grep -q '^KAKAO_REST_API_KEY=.' "$env_file" || echo "warning: KAKAO_REST_API_KEY is empty in $env_file: the server refuses to start in production without it" >&2
# The owner's password stays with root: no instance holds it.
umask 077
printf 'DATABASE_OWNER_URL=postgres://partyon_owner:%s@127.0.0.1:5432/partyon\n' "$owner_password" >"$owner_file"
umask 022

step "migrations, once, as the owner"
(
  set -a
  . "$env_file"
  . "$owner_file"
  set +a
  cd "$app" && "$node" --import tsx src/server/db/migrate-main.ts
)

step "nginx: https://$domain"
if [ -z "$cert" ]; then
  cert=/etc/ssl/partyon/fullchain.pem
  cert_key=/etc/ssl/partyon/privkey.pem
  if [ ! -f "$cert" ]; then
    install -d -m 0755 /etc/ssl/partyon
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=$domain" -keyout "$cert_key" -out "$cert" 2>/dev/null
    chmod 0600 "$cert_key"
    echo "warning: a self-signed certificate stands in at $cert; get a real one (e.g. certbot) before students come" >&2
  fi
fi
upstreams="$(for p in "${ports[@]}"; do printf '    server 127.0.0.1:%s;\\n' "$p"; done)"
# The shipped site with this machine's names, paths and ports; nothing else changes.
awk -v servers="$upstreams" '
  /^upstream partyon_instances/ { print; inside = 1; printed = 0; next }
  inside && /^    server / { if (!printed) { printf "%s", servers; printed = 1 } next }
  inside && /^}/ { inside = 0 }
  { print }
' "$app/deploy/nginx/partyon.conf" |
  sed -e "s#server_name partyon.example.kr;#server_name $domain;#" \
    -e "s#/etc/ssl/partyon/fullchain.pem#$cert#" -e "s#/etc/ssl/partyon/privkey.pem#$cert_key#" \
    -e "s#/opt/partyon/deploy/nginx#$app/deploy/nginx#" >/etc/nginx/sites-available/partyon
ln -sf /etc/nginx/sites-available/partyon /etc/nginx/sites-enabled/partyon
rm -f /etc/nginx/sites-enabled/default
# Debian's nginx.conf allows 768 connections per worker. Each lobby or game socket holds two (the phone's and the one
# to an instance), each phone's kept-alive connection one, and when answers slow down the connections in flight pile
# up: at 768 nginx drops new phones before their TLS handshake. Only Debian's default is changed, never an operator's.
sed -i -e 's/^\(\s*\)worker_connections 768;/\1worker_connections 4096;/' /etc/nginx/nginx.conf
grep -q '^worker_rlimit_nofile' /etc/nginx/nginx.conf || sed -i '/^worker_processes/a worker_rlimit_nofile 8192;' /etc/nginx/nginx.conf
nginx -t

step "systemd: partyon@${ports[*]}"
sed -e "s#^WorkingDirectory=.*#WorkingDirectory=$app#" -e "s#^ExecStart=/usr/bin/node #ExecStart=$node #" \
  "$app/deploy/systemd/partyon@.service" >/etc/systemd/system/partyon@.service
systemd-analyze verify /etc/systemd/system/partyon@.service
systemctl daemon-reload
systemctl enable --now postgresql redis-server nginx
# One at a time, each ready before the next: the others keep answering while one restarts.
for p in "${ports[@]}"; do
  systemctl enable "partyon@$p" >/dev/null 2>&1
  systemctl restart "partyon@$p"
  for _ in $(seq 1 60); do
    if curl -fsS "http://127.0.0.1:$p/readyz" >/dev/null 2>&1; then break; fi
    sleep 1
  done
  curl -fsS "http://127.0.0.1:$p/readyz" >/dev/null || { echo "install.sh: partyon@$p is not ready: journalctl -u partyon@$p" >&2; exit 1; }
  echo "partyon@$p ready"
done
systemctl reload nginx

step "done"
echo "https://$domain — ${#ports[@]} instances (${ports[*]}), settings in $env_file, the owner's in $owner_file."
echo "The operator token is OPS_TOKEN in $env_file; make the first operator with:"
echo "  cd $app && set -a && . $env_file && set +a && OPS_URL=http://127.0.0.1:${ports[0]} npm run ops -- operator:add <name>"
