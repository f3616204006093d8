# Daymove: `make run` serves the site with demo data; `make check` is the fast inner loop; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check install messages clean chromium loadbench leaguebench failurecheck deploycheck

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# The translations: each language's catalogue (locale/<lang>/LC_MESSAGES/django.po, in git) compiled for Django
# (django.mo, not in git) by Babel, so no GNU gettext is needed; see docs/adding-a-language.md.
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/django.po)
COMPILED := $(CATALOGUES:.po=.mo)
locale/%.mo: locale/%.po $(STAMP)
	$(BIN)/pybabel --quiet compile -i $< -o $@

install: $(STAMP) $(COMPILED)

# After marking or changing a message: locale/django.pot from the code and templates, each catalogue updated (new
# messages untranslated: the catalogue tests fail until they are translated).
messages: $(STAMP)
	$(BIN)/python -m tools.messages update
	$(MAKE) --no-print-directory install

# Web server (uvicorn: ASGI, so pages get live updates), Celery worker and beat, and the SMTP receiver for replies
# to turn emails, together under tools/supervisor.py; one Ctrl-C (or SIGTERM) stops them all within a few seconds.
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP) $(COMPILED)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_seeds
	$(BIN)/python manage.py vapid_keys
	@echo ""
	@echo "Daymove is at http://$(HOST):$(PORT)/"
	@echo "Demo logins: alice, bob, carol and dave, each with daymove-demo (admin: admin / daymove-admin)"
	@echo "Emails are written to var/mail/ (no mail server needed); replies to them go to SMTP 127.0.0.1:2525."
	@echo "Press Ctrl-C to stop them all."
	@echo ""
	export SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}"; exec $(BIN)/python -m tools.supervisor \
	  "$(BIN)/celery -A daymove worker --beat --loglevel INFO --concurrency 2" \
	  "$(BIN)/python manage.py receive_mail" \
	  "$(BIN)/uvicorn daymove.asgi:application --host $(HOST) --port $(PORT) --lifespan off --timeout-graceful-shutdown 2"

# The browser tests drive Debian's Chromium; install it when missing and we are allowed to.
chromium:
	@test -x /usr/bin/chromium || { test "$$(id -u)" = 0 && command -v apt-get >/dev/null && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	  echo "Chromium is missing: install Debian's chromium package for the browser tests."

test: $(STAMP) $(COMPILED) chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

# The fast inner loop (a few minutes): lint, formatting and the tests that need no browser, start no server or worker
# process and use no PostgreSQL/Redis (the `browser`, `integration` and `slow` markers); `make test` runs them all.
check: $(STAMP) $(COMPILED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest -m "not browser and not integration and not slow"

# Load benchmark: two site sizes in a scratch database (local PostgreSQL, else SQLite), gunicorn, Locust; figures into
# docs/performance.md.
# Extra options, e.g. make loadbench LOADBENCH_ARGS="--sizes 500,2000 --seconds 5".
loadbench: $(STAMP)
	$(BIN)/python -m tools.loadbench --write docs/performance.md $(LOADBENCH_ARGS)

# League benchmark: a season of 1,000 entrants started by the seasons service in a scratch database (local
# PostgreSQL, else SQLite): its seconds and the emails it queued, into docs/performance.md.
leaguebench: $(STAMP)
	$(BIN)/python -m tools.leaguebench --write docs/performance.md $(LEAGUEBENCH_ARGS)

# Failure check: Redis stopped mid-play, a worker killed mid-task; figures into docs/performance.md.
# Needs redis-server (a private one is started on a free port); e.g. make failurecheck FAILURECHECK_ARGS="--outage 20".
failurecheck: $(STAMP)
	$(BIN)/python -m tools.failurecheck --write docs/performance.md $(FAILURECHECK_ARGS)

# The production layout (Procfile: two web processes, two workers, one beat) against this machine's PostgreSQL and
# Redis (db 6 unless DEPLOYCHECK_REDIS_URL says otherwise), driven through a scripted session; see docs/deploy.md.
deploycheck: $(STAMP)
	$(BIN)/python -m tools.deploycheck $(DEPLOYCHECK_ARGS)

clean:
	rm -rf $(VENV) var
