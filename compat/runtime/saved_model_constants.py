import os
import tempfile

import tensorflow as tf

for n in ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_METHOD_NAME", "CLASSIFY_OUTPUT_CLASSES",
          "CLASSIFY_OUTPUT_SCORES", "DEBUG_DIRECTORY", "DEBUG_INFO_FILENAME_PB", "DEFAULT_SERVING_SIGNATURE_DEF_KEY",
          "GPU", "PREDICT_INPUTS", "PREDICT_METHOD_NAME", "PREDICT_OUTPUTS", "REGRESS_INPUTS", "REGRESS_METHOD_NAME",
          "REGRESS_OUTPUTS", "SAVED_MODEL_FILENAME_PB", "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION",
          "SERVING", "TPU", "TRAINING", "VARIABLES_DIRECTORY", "VARIABLES_FILENAME"]:
    print(n, repr(getattr(tf.saved_model, n)))
d = tempfile.mkdtemp()
print(tf.saved_model.contains_saved_model(d))
try:
    tf.saved_model.load(os.path.join(d, "nope"))
except Exception as e:
    print(type(e).__name__, str(e).replace(d, "D"))
try:
    tf.saved_model.save(3, os.path.join(d, "x"))
except Exception as e:
    print(type(e).__name__, str(e).replace(d, "D"))
