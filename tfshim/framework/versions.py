"""tf.version (TF: python/framework/versions.py): the TF version tfshim implements.

VERSION and the GraphDef versions are TF 2.21's (they also go into checkpoints and SavedModels). tfshim is not
built from TF's sources with a C++ compiler, so GIT_VERSION and COMPILER_VERSION say "unknown", as TF itself
does for a build without that information.
"""

from __future__ import annotations

from tfshim.util.tf_export import tf_export

VERSION = "2.21.0"
GIT_VERSION = "unknown"
COMPILER_VERSION = "unknown"
GRAPH_DEF_VERSION = 2474
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0

for _name in ("VERSION", "GIT_VERSION", "COMPILER_VERSION", "GRAPH_DEF_VERSION", "GRAPH_DEF_VERSION_MIN_CONSUMER",
              "GRAPH_DEF_VERSION_MIN_PRODUCER"):
    tf_export(f"version.{_name}").export_constant(__name__, _name)
