"""Settings, read from the environment; every setting has a default that works on a fresh machine.

See the README's "Settings" table for what each variable means.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from kombu import Queue

from daymove.secure_defaults import development_secret_key, public_hosts, weak_secret_key

PACKAGE_DIR = Path(__file__).resolve().parent
# Installed from a wheel, the package carries templates/, static/ and seeds/ inside itself; in a checkout they sit
# beside site/ at the top of the tree, and BASE_DIR is the checkout. Installed, var/ is in the working directory.
INSTALLED = (PACKAGE_DIR / "templates").is_dir()
BASE_DIR = PACKAGE_DIR if INSTALLED else PACKAGE_DIR.parent
VAR_DIR = Path(os.environ.get("DAYMOVE_VAR_DIR", Path.cwd() / "var" if INSTALLED else BASE_DIR / "var"))
SEEDS_DIR = BASE_DIR / "seeds"


def env_bool(name: str, default: bool) -> bool:
    """A true/false environment variable ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated environment variable as a list."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Development (make run, tests) signs with a random key made once in the var folder; production
# must bring a strong key of its own, and development mode must never face the public.
if DEBUG:
    SECRET_KEY = os.environ.get("SECRET_KEY") or development_secret_key(VAR_DIR)
    if exposed := public_hosts(ALLOWED_HOSTS, SITE_URL):
        raise RuntimeError(f"DEBUG is on with a public host ({', '.join(exposed)}): set DEBUG=false in production")
else:
    SECRET_KEY = os.environ.get("SECRET_KEY", "")
    if weakness := weak_secret_key(SECRET_KEY):
        raise RuntimeError(weakness)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles: `runserver` leaves static files to WhiteNoise, as uvicorn and gunicorn do (Django's own
    # static handler answers a path with encoded dots, /static/%2e%2e/…, with a 500).
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "anymail",
    "daymove.players",
    "daymove.play",
    "daymove.round",
    "daymove.outbox",
    "daymove.clocks",
    "daymove.inbound",
    "daymove.notify",
    "daymove.push",
    "daymove.ratings",
    "daymove.talk",
    "daymove.plans",
    "daymove.safety",
    "daymove.moderation",
    "daymove.live",
    "daymove.competitions",
    "daymove.ladders",
    "daymove.web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "daymove.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the cookie, then Accept-Language, then English (after sessions, before CommonMiddleware)...
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "daymove.players.languages.PlayerLanguageMiddleware",  # ...unless a signed-in player chose one in Settings
    "daymove.clocks.middleware.LocalTimeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "daymove.security.RefuseMalformedRequestsMiddleware",
    "daymove.security.NeverCacheAccountPagesMiddleware",
    "daymove.refusals.RefusalMiddleware",
    "daymove.web.not_found.NotFoundPageMiddleware",  # last: the site's 404 page with DEBUG on too
]

ROOT_URLCONF = "daymove.urls"
WSGI_APPLICATION = "daymove.wsgi.application"
ASGI_APPLICATION = "daymove.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The site's templates, each app's, and each game's (its rules page, found through the registry);
            # cached, and wrapped for django-template-partials' "template#partial" names.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                                "daymove.play.game_templates.Loader",
                            ],
                        )
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "daymove.moderation.warnings.unread_warnings",
                "daymove.live.context.live",
                "daymove.inbound.bounces.mail_trouble",
            ],
        },
    },
]

# ---- database -------------------------------------------------------------------------------
VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        # No persistent connections: under ASGI each request's sync work runs in a thread of its own, and a kept
        # connection would stay open with that thread (the browser tests ran PostgreSQL out of connections).
        # Reuse comes from psycopg's pool instead (DB_POOL_SIZE).
        conn_max_age=0,
    )
}
DB_POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "0"))
if DB_POOL_SIZE and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": DB_POOL_SIZE, "timeout": 10}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Lets psycopg prepare the few hot queries daymove.prepared_sql asks it to (once per connection, so a pool's
    # connections keep them); Django's own queries bind on the client and are never prepared.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers work while one writer writes; IMMEDIATE takes the write lock when a
    # transaction starts, so two movers queue behind the busy timeout instead of failing to
    # upgrade a read lock; the timeout is how long a writer waits for the lock (seconds).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A file, not the shared in-memory database, so concurrency tests see real SQLite locking;
    # one per process, so test runs side by side do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---- accounts (django-allauth) ----------------------------------------------------------------
AUTHENTICATION_BACKENDS = [
    "daymove.players.backends.ModelBackend",
    "daymove.players.backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby"
ACCOUNT_LOGOUT_REDIRECT_URL = "lobby"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_UNIQUE_EMAIL = True
# One address per account; a new one replaces it only once verified (allauth's change-email flow).
ACCOUNT_CHANGE_EMAIL = True
# Sign-up also keeps the browser's time zone (a hidden field filled by static/js/timezone.js).
ACCOUNT_SIGNUP_FORM_CLASS = "daymove.notify.forms.TimeZoneSignupForm"
# allauth titles its emails "[<site's domain>] ..." by default; ours say the site's name like every other email.
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Daymove: "
# The site's adapter keys the per-"key" failed-login limit on the account (name and email share it),
# says how long to wait, and refuses look-alike names (see daymove.safety.adapter).
ACCOUNT_ADAPTER = "daymove.safety.adapter.AccountAdapter"
# Per client address and per account; reset emails and sign-ups per hour, not per minute.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "reset_password": "20/m/ip,5/h/key",
    "signup": "20/h/ip",
}
# Behind a reverse proxy every request comes from the proxy's address: allauth (and so every
# per-address limit) reads the client's address from the X-Forwarded-For entry that the outermost
# of our N proxies wrote, or from a header the proxy sets (e.g. X-Real-IP). 0: no proxy.
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("DAYMOVE_TRUSTED_PROXY_COUNT", "0"))
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = os.environ.get("DAYMOVE_TRUSTED_CLIENT_IP_HEADER") or None
# Sign-up gives the same answer for a known address as for a new one; with optional verification
# allauth does this by letting the sign-up through, and only one account can ever verify an address.
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_USERNAME_VALIDATORS = "daymove.safety.names.USERNAME_VALIDATORS"
# Names nobody may sign up with (compared NFKC-casefolded, separators ignored), and patterns of them.
ACCOUNT_USERNAME_BLACKLIST = [
    "staff", "mod", "moderators", "support", "help", "system", "root", "official", "anonymous", "deleted", "nobody",
]  # fmt: skip
DAYMOVE_RESERVED_NAME_PATTERNS = env_list(
    "DAYMOVE_RESERVED_NAME_PATTERNS", r"^bot,bot$,admin,moderator,daymove,^deleted,^staff,^official"
)
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if not DEBUG else "http"

# ---- cache ------------------------------------------------------------------------------------
# Rate limits (allauth's and the site's) live in the cache: in production every process must share it (Redis).
# Drawn boards (site/play/board_cache.py) have a cache of their own, so making room for them never drops a limit.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    _REDIS_CACHE = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
    CACHES = {"default": _REDIS_CACHE, "boards": _REDIS_CACHE | {"KEY_PREFIX": "boards"}}
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "default"},
        "boards": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "boards",
            "OPTIONS": {"MAX_ENTRIES": 2000},  # about 20 KB each
        },
    }

# ---- languages (docs/adding-a-language.md): each named in itself; the URLs do not change with the language ------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True

# ---- time, static files ------------------------------------------------------------------------
TIME_ZONE = "UTC"
USE_TZ = True
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every request while it is missing
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# ---- email ------------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Daymove <noreply@daymove.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    # No mail server configured: each email is written as a file under var/mail/.
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))

# ---- inbound mail (daymove.inbound): replies to turn emails play moves ---------------------------
# Reply addresses are made at this domain; point its MX (or a provider's inbound route) at the site.
DAYMOVE_REPLY_DOMAIN = os.environ.get(
    "DAYMOVE_REPLY_DOMAIN", DEFAULT_FROM_EMAIL.rpartition("@")[2].strip(" >") or "daymove.localhost"
)
# The SMTP receiver (`manage.py receive_mail`, started by `make run`).
DAYMOVE_SMTP_RECEIVER_HOST = os.environ.get("DAYMOVE_SMTP_RECEIVER_HOST", "127.0.0.1")
DAYMOVE_SMTP_RECEIVER_PORT = int(os.environ.get("DAYMOVE_SMTP_RECEIVER_PORT", "2525"))
# An out-of-office reply to a turn email starts the player's vacation today, for this many days of their allowance.
DAYMOVE_AUTO_REPLY_VACATION = env_bool("DAYMOVE_AUTO_REPLY_VACATION", True)
DAYMOVE_AUTO_REPLY_VACATION_DAYS = int(os.environ.get("DAYMOVE_AUTO_REPLY_VACATION_DAYS", "3"))
# A provider's inbound webhook answers only once its secret is set (django-anymail checks it on every call).
ANYMAIL = {
    "MAILGUN_WEBHOOK_SIGNING_KEY": os.environ.get("MAILGUN_WEBHOOK_SIGNING_KEY", ""),
    "WEBHOOK_SECRET": os.environ.get("ANYMAIL_WEBHOOK_SECRET", ""),
}

# ---- Web Push (daymove.push) -----------------------------------------------------------------
# The VAPID key pair (RFC 8292): a PEM private key from the environment, else var/vapid.json (`make run` makes it).
DAYMOVE_VAPID_PRIVATE_KEY = os.environ.get("DAYMOVE_VAPID_PRIVATE_KEY", "")
DAYMOVE_VAPID_FILE = os.environ.get("DAYMOVE_VAPID_FILE", str(VAR_DIR / "vapid.json"))
DAYMOVE_VAPID_SUBJECT = os.environ.get(
    "DAYMOVE_VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.rpartition("<")[2].strip(" >")
)

# ---- Celery -----------------------------------------------------------------------------------
# Without a broker URL, Celery uses a folder on disk as its queue, so no server is needed.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", os.environ.get("REDIS_URL", "filesystem://"))
if CELERY_BROKER_URL == "filesystem://":
    _queue_dir = VAR_DIR / "celery-queue"
    _queue_dir.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT = "daymove.folderqueue:Transport"  # kombu's, writing each message whole
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # How often an idle worker looks in the folder, and how soon a busy one takes the next job (seconds);
        # kombu's default of 1 s made the folder hand over about 2 jobs a second with 2 worker processes.
        "polling_interval": float(os.environ.get("DAYMOVE_BROKER_POLL_SECONDS", "0.1")),
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "processed_folder": str(_queue_dir),
        "control_folder": str(_queue_dir / "control"),
        "store_processed": False,
    }
else:
    # Fail fast when Redis is down: moves must not wait for the broker (the outbox catches up).
    CELERY_BROKER_TRANSPORT_OPTIONS = {"max_retries": 0, "socket_connect_timeout": 1, "socket_timeout": 2}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker keeps trying to reach the broker however long it is away (the outbox keeps the work).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY = False
CELERY_TASK_ROUTES = {"daymove.outbox.tasks.sweep_outbox": {"queue": "celery"}}
# A worker started without -Q takes from every queue here, in turn: bots (bot turns), mail (emails someone waits
# for), celery (beat's sweeps), bulk (digests). See daymove.outbox.jobs; production may give bots a worker of its own.
CELERY_TASK_QUEUES = [Queue(name) for name in ("bots", "mail", "celery", "bulk")]
# How often beat hands over pending jobs (and so sends due reminders) and applies timeouts, in seconds.
SWEEP_SECONDS = float(os.environ.get("DAYMOVE_SWEEP_SECONDS", "60"))
# A running job whose worker died is handed over again after this long (longer than any task may run).
OUTBOX_STALE_CLAIM_SECONDS = float(os.environ.get("DAYMOVE_OUTBOX_STALE_CLAIM_SECONDS", "300"))
# The sweep leaves a job this young to its own after-commit hand-over.
OUTBOX_SWEEP_GRACE_SECONDS = float(os.environ.get("DAYMOVE_OUTBOX_SWEEP_GRACE_SECONDS", "20"))
CELERY_BEAT_SCHEDULE = {
    "sweep-outbox": {"task": "daymove.outbox.tasks.sweep_outbox", "schedule": SWEEP_SECONDS},
    "sweep-timeouts": {"task": "daymove.round.tasks.sweep_timeouts_task", "schedule": SWEEP_SECONDS},
    "send-digests": {"task": "daymove.notify.tasks.send_digests", "schedule": 15 * 60.0},
    "prune-live-notices": {"task": "daymove.live.tasks.prune_notices", "schedule": 5 * 60.0},
    "start-due-seasons": {"task": "daymove.competitions.tasks.start_due_seasons", "schedule": SWEEP_SECONDS},
    "close-due-seasons": {"task": "daymove.competitions.tasks.close_due_seasons", "schedule": 5 * 60.0},
    "remind-registrations": {"task": "daymove.competitions.tasks.remind_registrations", "schedule": 15 * 60.0},
    "sweep-idle-ladder-players": {"task": "daymove.ladders.tasks.sweep_idle_task", "schedule": 60 * 60.0},
}

# ---- live updates (daymove.live) ----------------------------------------------------------------
# With a Redis URL, notices are also published there for an instant wake-up of every web process; the
# notice table is then read only as a safety net. Without one (the embedded default), each web process
# reads the table this often (seconds): that interval is most of the delay from a move to the other page.
LIVE_REDIS_URL = os.environ.get(
    "LIVE_REDIS_URL", CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else ""
)
LIVE_POLL_SECONDS = float(os.environ.get("DAYMOVE_LIVE_POLL_SECONDS", "5" if LIVE_REDIS_URL else "0.25"))

# ---- correspondence play ----------------------------------------------------------------------
DAYMOVE_VACATION_DAYS_PER_YEAR = int(os.environ.get("DAYMOVE_VACATION_DAYS_PER_YEAR", "30"))
# A "your turn" email after a move waits this long (seconds) and is dropped if the player saw the new position
# on the match page meanwhile (daymove.notify.decisions); the sweep hands it over, so add up to a sweep interval.
DAYMOVE_TURN_EMAIL_GRACE_SECONDS = float(os.environ.get("DAYMOVE_TURN_EMAIL_GRACE_SECONDS", "180"))

# ---- trust and safety (bots are exempt from the caps) -----------------------------------------------
# At most this many matches in progress and open challenges per account (verified / unverified).
DAYMOVE_MAX_ACTIVE_MATCHES = int(os.environ.get("DAYMOVE_MAX_ACTIVE_MATCHES", "60"))
DAYMOVE_MAX_ACTIVE_MATCHES_UNVERIFIED = int(os.environ.get("DAYMOVE_MAX_ACTIVE_MATCHES_UNVERIFIED", "10"))
DAYMOVE_MAX_OPEN_CHALLENGES = int(os.environ.get("DAYMOVE_MAX_OPEN_CHALLENGES", "20"))
DAYMOVE_MAX_OPEN_CHALLENGES_UNVERIFIED = int(os.environ.get("DAYMOVE_MAX_OPEN_CHALLENGES_UNVERIFIED", "5"))
# Per account and clock hour.
DAYMOVE_CHALLENGES_PER_HOUR = int(os.environ.get("DAYMOVE_CHALLENGES_PER_HOUR", "30"))
DAYMOVE_CHALLENGES_PER_HOUR_UNVERIFIED = int(os.environ.get("DAYMOVE_CHALLENGES_PER_HOUR_UNVERIFIED", "10"))
DAYMOVE_CHAT_LINES_PER_HOUR = int(os.environ.get("DAYMOVE_CHAT_LINES_PER_HOUR", "60"))
DAYMOVE_CHALLENGE_EMAILS_SENT_PER_HOUR = int(os.environ.get("DAYMOVE_CHALLENGE_EMAILS_SENT_PER_HOUR", "10"))
DAYMOVE_CHALLENGE_EMAILS_RECEIVED_PER_HOUR = int(os.environ.get("DAYMOVE_CHALLENGE_EMAILS_RECEIVED_PER_HOUR", "10"))
DAYMOVE_REPORTS_PER_HOUR = int(os.environ.get("DAYMOVE_REPORTS_PER_HOUR", "10"))
# A player who times out of this many matches within this many hours takes every loss, and
# their opponents' ratings are left as they were (see the README).
DAYMOVE_MASS_TIMEOUT_MATCHES = int(os.environ.get("DAYMOVE_MASS_TIMEOUT_MATCHES", "3"))
DAYMOVE_MASS_TIMEOUT_HOURS = float(os.environ.get("DAYMOVE_MASS_TIMEOUT_HOURS", "24"))

# ---- security ---------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads no cookie; the token is sent from the page's meta/header
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refused_without_traceback": {"()": "daymove.security.RefusedRequestsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"filters": ["refused_without_traceback"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
