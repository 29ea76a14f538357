"""tf.keras.callbacks (Keras 3): hooks into `fit`/`evaluate`/`predict`."""

from tfshim.keras.callbacks.callback import Callback
from tfshim.keras.callbacks.callback_list import CallbackList
from tfshim.keras.callbacks.csv_logger import CSVLogger
from tfshim.keras.callbacks.early_stopping import EarlyStopping
from tfshim.keras.callbacks.history import History
from tfshim.keras.callbacks.lambda_callback import LambdaCallback
from tfshim.keras.callbacks.learning_rate_scheduler import LearningRateScheduler
from tfshim.keras.callbacks.model_checkpoint import ModelCheckpoint
from tfshim.keras.callbacks.progbar_logger import ProgbarLogger
from tfshim.keras.callbacks.reduce_lr_on_plateau import ReduceLROnPlateau
from tfshim.keras.callbacks.terminate_on_nan import TerminateOnNaN

__all__ = ["CSVLogger", "Callback", "CallbackList", "EarlyStopping", "History", "LambdaCallback",
           "LearningRateScheduler", "ModelCheckpoint", "ProgbarLogger", "ReduceLROnPlateau", "TerminateOnNaN"]


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.callbacks", __name__)
