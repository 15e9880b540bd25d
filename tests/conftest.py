"""What every test shares: no test depends on the clock.

Hypothesis's default deadline (200 ms an example) fails a test on a loaded machine for being slow,
not wrong ("Unreliable test timings" under CI's two shared cores): speed is measured by
``make bench``, never by a test. Each test's own ``settings`` inherit this profile.
"""

from hypothesis import settings

settings.register_profile("table-warden", deadline=None)
settings.load_profile("table-warden")
