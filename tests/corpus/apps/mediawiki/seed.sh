#!/usr/bin/env bash
# Builds the pristine seeded wiki into SEED_DIR (argument 1): a SQLite database
# made by MediaWiki's own installer, two accounts, a handful of Korean pages,
# the localisation cache for ko/en and a warmed object cache.
# Deterministic in content (MediaWiki itself salts password hashes).
set -euo pipefail

SEED_DIR="$1"
HERE="$(cd "$(dirname "$0")" && pwd)"
MW=/usr/share/mediawiki
ADMIN_USER="Admin"
ADMIN_PASSWORD="Wiki!Admin2024"
PLANNER_USER="Planner01"
PLANNER_PASSWORD="Planner#2024"
BUILD_PORT="${MW_SEED_PORT:-18731}"

rm -rf "$SEED_DIR"
mkdir -p "$SEED_DIR/data" "$SEED_DIR/cache" "$SEED_DIR/tmp" "$SEED_DIR/images"
INSTALL_TMP="$(mktemp -d)"
trap 'rm -rf "$INSTALL_TMP"' EXIT

# 1. MediaWiki's installer creates the schema, the admin account and the main page.
( cd "$MW" && php maintenance/install.php --quiet \
    --dbtype=sqlite --dbpath="$SEED_DIR/data" --dbname=my_wiki \
    --server="http://127.0.0.1:$BUILD_PORT" --scriptpath="" \
    --lang=ko --skins=Vector \
    --pass="$ADMIN_PASSWORD" --confpath="$INSTALL_TMP" \
    "사내위키" "$ADMIN_USER" ) >/dev/null

# 2. From here on the wiki runs with the corpus LocalSettings.
sed -e "s#@WORKDIR@#$SEED_DIR#g" -e "s#@PORT@#$BUILD_PORT#g" \
    "$HERE/LocalSettings.php.in" > "$SEED_DIR/LocalSettings.php"
export MW_CONFIG_FILE="$SEED_DIR/LocalSettings.php"
mwphp() { ( cd "$MW" && php "$@" ); }

mwphp maintenance/createAndPromote.php --quiet "$PLANNER_USER" "$PLANNER_PASSWORD"

page() { # page TITLE SUMMARY  (text on stdin)
  mwphp maintenance/edit.php --quiet --user "$ADMIN_USER" --summary "$2" "$1"
}

page "대문" "사내위키 대문 정리" <<'EOF'
'''사내위키'''에 오신 것을 환영합니다. 이 위키는 제품팀과 운영팀이 함께 쓰는 문서 공간입니다.

== 자주 찾는 문서 ==
* [[신입사원 안내]]
* [[휴가 규정]]
* [[제품 출시 일정]]
* [[회의록 2024-06-03]]

== 문서 작성 규칙 ==
# 문서 제목은 내용을 알 수 있게 짓습니다.
# 편집할 때는 요약에 무엇을 바꿨는지 적습니다.
# 개인 정보는 올리지 않습니다.
EOF

page "신입사원 안내" "신입사원 안내 문서 작성" <<'EOF'
신입사원이 입사 첫 주에 해야 할 일을 정리한 문서입니다.

== 첫날 ==
* 사원증 발급: 1층 안내 데스크
* 노트북 수령: IT 지원팀 (내선 2100)
* 사내위키 계정 만들기: 오른쪽 위의 '계정 만들기'

== 첫 주 ==
* 팀 온보딩 미팅
* [[휴가 규정]] 읽기

[[분류:인사]]
EOF

page "휴가 규정" "휴가 규정 등록" <<'EOF'
연차 휴가는 입사일 기준으로 매년 15일이 주어집니다.

== 신청 방법 ==
휴가는 사용 3일 전까지 팀장에게 신청합니다. 반차는 오전 반차와 오후 반차로 나누어 씁니다.

== 경조 휴가 ==
{| class="wikitable"
! 구분 !! 일수
|-
| 본인 결혼 || 5일
|-
| 자녀 출산 || 10일
|}

[[분류:인사]]
EOF

page "제품 출시 일정" "3분기 출시 일정" <<'EOF'
2024년 하반기 제품 출시 일정입니다.

{| class="wikitable"
! 제품 !! 버전 !! 출시 예정일 !! 담당
|-
| 모바일 앱 || 3.2 || 2024-08-19 || 김민지
|-
| 관리자 콘솔 || 1.8 || 2024-09-02 || 이준호
|-
| 결제 모듈 || 2.0 || 2024-10-14 || 박서연
|}

[[분류:제품]]
EOF

page "회의록 2024-06-03" "주간 회의록" <<'EOF'
* 일시: 2024년 6월 3일 10:00
* 참석: 김민지, 이준호, 박서연

== 안건 ==
# 모바일 앱 3.2 일정 확인
# 결제 모듈 QA 범위 논의

== 결정 사항 ==
* 결제 모듈 QA는 7월 첫 주에 시작한다.

[[분류:회의록]]
EOF

page "분류:인사" "분류 문서" <<'EOF'
인사 관련 규정과 안내 문서를 모은 분류입니다.
EOF

mwphp maintenance/runJobs.php --quiet >/dev/null
mwphp maintenance/rebuildtextindex.php --quiet >/dev/null 2>&1 || mwphp maintenance/rebuildtextindex.php >/dev/null
mwphp maintenance/rebuildLocalisationCache.php --quiet --lang=ko,en >/dev/null

# 3. Warm the object cache (ResourceLoader's minified modules, parser and
#    message caches) by loading the screens once, so that each instance starts warm.
php -d opcache.enable_cli=1 -S "127.0.0.1:$BUILD_PORT" -t "$MW" \
    "$HERE/router.php" >/dev/null 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 50); do
  curl -s -o /dev/null "http://127.0.0.1:$BUILD_PORT/index.php" && break
  sleep 0.2
done
for path in "/index.php" "/index.php?title=Special:UserLogin" "/index.php?title=Special:CreateAccount" \
            "/index.php?title=%ED%9C%B4%EA%B0%80_%EA%B7%9C%EC%A0%95" \
            "/index.php?title=%ED%9C%B4%EA%B0%80_%EA%B7%9C%EC%A0%95&action=edit" \
            "/index.php?search=%ED%9C%B4%EA%B0%80&title=Special:Search" "/index.php?title=Special:Preferences"; do
  html="$(curl -s "http://127.0.0.1:$BUILD_PORT$path" || true)"
  # Fetch the CSS and JS bundles the page links to.
  { printf '%s' "$html" | grep -o '/load\.php?[^"]*' || true; } | sed 's/&amp;/\&/g' | sort -u | while read -r u; do
    curl -s -o /dev/null "http://127.0.0.1:$BUILD_PORT$u" || true
  done
done
kill "$SERVER_PID" 2>/dev/null || true
wait "$SERVER_PID" 2>/dev/null || true

# The seed keeps placeholders so that start.sh can point it at any WORKDIR/PORT.
rm -f "$SEED_DIR/LocalSettings.php"
rm -rf "$SEED_DIR/tmp"/* "$SEED_DIR/data/locks"
