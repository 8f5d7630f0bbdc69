"""Self-check of the Identity Toolkit test server against the live provider servers (run by
selfcheck.py): real GitHub, X and OIDC credentials from the servers beside it.

The checks live in selfcheck_itk_signin.py, selfcheck_itk_linking.py, selfcheck_itk_sessions.py
and selfcheck_itk_faults.py (shared helpers in selfcheck_itk_support.py); this module keeps the
entry point run, which runs them in that order."""

import requests

import selfcheck_twitter
from selfcheck_itk_faults import check_privacy_and_faults
from selfcheck_itk_linking import check_linking
from selfcheck_itk_sessions import check_sessions
from selfcheck_itk_signin import check_github, check_keys_and_errors, check_twitter_oidc
from selfcheck_itk_support import Itk


def run(c, urls):
    base, gh, tw, oidc = urls["identitytoolkit"], urls["github"], urls["twitter"], urls["oidc"]
    print(f"--- Identity Toolkit server {base}")
    cons = selfcheck_twitter.new_consumer(tw, user={"id_str": "4242", "screen_name": "xdev",
                                                    "email": "shared@example.com"})
    ten = {m: requests.post(f"{oidc}/_test/tenants", timeout=30, json={
        "mode": m, "user": {"sub": f"sub-{m}", "email": f"{m}@example.com"}}).json()
        for m in ("ok", "wrong_aud", "bad_signature", "expired")}
    providers = {"github.com": {"client_id": "gh", "client_secret": "s", "base_url": gh},
                 "twitter.com": {"consumer_key": cons["consumer_key"],
                                 "consumer_secret": cons["consumer_secret"], "base_url": tw}}
    providers.update({f"oidc.{m}": {"issuer": t["issuer"], "client_id": t["client_id"]}
                      for m, t in ten.items()})
    itk = Itk(base, providers=providers, max_password_attempts=3)
    check_keys_and_errors(c, itk)
    check_github(c, itk, gh)
    check_twitter_oidc(c, itk, tw, cons, ten, oidc)
    check_linking(c, itk, gh, tw, cons)
    check_sessions(c, itk, gh)
    check_privacy_and_faults(c, itk, gh)
