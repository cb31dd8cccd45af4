#!/usr/bin/env bash
# A throw-away OpenLDAP server (Debian slapd) on a loopback port, for the LDAP login tests.
#   scripts/ldap.sh start DIR PORT   → creates DIR (config, data, pid), seeds the directory, starts slapd,
#                                      prints `export LDAP_URL=…` style lines
#   scripts/ldap.sh stop DIR         → stops that server and removes DIR
# Works as root (CI) and as a normal user: everything lives in DIR, the port is > 1024, and when an
# AppArmor profile confines /usr/sbin/slapd a private copy of the binary is used (the profile is bound
# to the path). Seeded directory (suffix dc=quire,dc=test):
#   cn=admin,dc=quire,dc=test   / admin-secret   (rootdn)
#   cn=reader,dc=quire,dc=test  / reader-secret  (service account used for searches)
#   uid=alice,ou=people,…       / alice-pass     (cn Alice Liddell, mail alice@quire.test)
#   uid=bob,ou=people,…         / bob-pass       (cn Bob Builder)
#   uid=carol,ou=people,…       / carol-pass     (no mail)
#   uid=dave,ou=people,…        / dave-pass      (the tests also give Quire a local administrator "dave")
set -euo pipefail

SUFFIX="dc=quire,dc=test"

find_bin() {
  local name=$1
  for d in /usr/sbin /usr/local/sbin /sbin /usr/bin; do
    [ -x "$d/$name" ] && { echo "$d/$name"; return; }
  done
  command -v "$name" 2>/dev/null || { echo "ldap.sh: $name not found (apt-get install -y slapd ldap-utils)" >&2; exit 1; }
}

module_dir() {
  for d in /usr/lib/ldap /usr/lib/x86_64-linux-gnu/ldap /usr/lib/aarch64-linux-gnu/ldap /usr/lib64/openldap /usr/lib/openldap; do
    [ -e "$d/back_mdb.la" ] || [ -e "$d/back_mdb.so" ] && { echo "$d"; return; }
  done
  echo ""
}

schema_dir() {
  for d in /etc/ldap/schema /etc/openldap/schema /usr/local/etc/openldap/schema; do
    [ -f "$d/core.schema" ] && { echo "$d"; return; }
  done
  echo "ldap.sh: OpenLDAP schema files not found" >&2
  exit 1
}

start() {
  local dir=$1 port=$2
  [ -n "$dir" ] && [ -n "$port" ] || { echo "usage: scripts/ldap.sh start DIR PORT" >&2; exit 2; }
  local slapd slapadd schemas modules
  slapd=$(find_bin slapd)
  slapadd=$(find_bin slapadd)
  schemas=$(schema_dir)
  modules=$(module_dir)
  mkdir -p "$dir/data"
  dir=$(cd "$dir" && pwd)

  # An enforcing AppArmor profile for slapd only allows its usual paths: run a private copy instead.
  if [ -r /sys/kernel/security/apparmor/profiles ] && grep -q 'slapd (enforce)' /sys/kernel/security/apparmor/profiles 2>/dev/null; then
    cp "$slapd" "$dir/slapd"
    slapd="$dir/slapd"
  fi

  {
    echo "include $schemas/core.schema"
    echo "include $schemas/cosine.schema"
    echo "include $schemas/inetorgperson.schema"
    echo "include $schemas/nis.schema"
    [ -n "$modules" ] && echo "modulepath $modules" && echo "moduleload back_mdb"
    echo "pidfile $dir/slapd.pid"
    echo "argsfile $dir/slapd.args"
    echo "loglevel none"
    echo "database mdb"
    echo "maxsize 16777216"
    echo "suffix \"$SUFFIX\""
    echo "rootdn \"cn=admin,$SUFFIX\""
    echo "rootpw admin-secret"
    echo "directory $dir/data"
    echo "access to attrs=userPassword by self read by anonymous auth by * none"
    echo "access to * by users read by * none"
  } >"$dir/slapd.conf"

  cat >"$dir/seed.ldif" <<EOF
dn: $SUFFIX
objectClass: dcObject
objectClass: organization
o: Quire test
dc: quire

dn: cn=reader,$SUFFIX
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: reader
userPassword: reader-secret

dn: ou=people,$SUFFIX
objectClass: organizationalUnit
ou: people

dn: uid=alice,ou=people,$SUFFIX
objectClass: inetOrgPerson
uid: alice
cn: Alice Liddell
sn: Liddell
mail: alice@quire.test
userPassword: alice-pass

dn: uid=bob,ou=people,$SUFFIX
objectClass: inetOrgPerson
uid: bob
cn: Bob Builder
sn: Builder
mail: bob@quire.test
userPassword: bob-pass

dn: uid=carol,ou=people,$SUFFIX
objectClass: inetOrgPerson
uid: carol
cn: Carol
sn: Carol
userPassword: carol-pass

dn: uid=dave,ou=people,$SUFFIX
objectClass: inetOrgPerson
uid: dave
cn: Dave Directory
sn: Directory
userPassword: dave-pass
EOF

  "$slapadd" -q -f "$dir/slapd.conf" -l "$dir/seed.ldif" >"$dir/slapadd.log" 2>&1 \
    || { cat "$dir/slapadd.log" >&2; echo "ldap.sh: slapadd failed" >&2; exit 1; }
  # -h: loopback only; no -u/-g: it keeps the caller's identity (root in CI, the user otherwise)
  "$slapd" -f "$dir/slapd.conf" -h "ldap://127.0.0.1:$port/" >"$dir/slapd.log" 2>&1 \
    || { cat "$dir/slapd.log" >&2; echo "ldap.sh: slapd did not start" >&2; exit 1; }
  for _ in $(seq 1 100); do
    if [ -s "$dir/slapd.pid" ] && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "export LDAP_URL=ldap://127.0.0.1:$port"
      echo "export LDAP_BASE_DN=$SUFFIX"
      echo "export LDAP_PID=$(cat "$dir/slapd.pid")"
      return
    fi
    sleep 0.05
  done
  echo "ldap.sh: slapd did not open port $port" >&2
  cat "$dir/slapd.log" >&2 || true
  exit 1
}

stop() {
  local dir=$1
  [ -n "$dir" ] || { echo "usage: scripts/ldap.sh stop DIR" >&2; exit 2; }
  [ -d "$dir" ] || return 0
  if [ -s "$dir/slapd.pid" ]; then
    local pid
    pid=$(cat "$dir/slapd.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  # only remove what start created
  [ -f "$dir/slapd.conf" ] && rm -rf "$dir"
  return 0
}

case "${1:-}" in
  start) start "${2:-}" "${3:-}" ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: scripts/ldap.sh start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
