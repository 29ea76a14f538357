"""keras.datasets (Keras 3): `load_data()` reads Keras' cache directory (`$KERAS_HOME/datasets`, by default
`~/.keras/datasets`) exactly where Keras stores each file, downloading it there when it is missing and the
network allows. Without the file and without network the error names the URL and the path to put it at."""

from tfshim.keras.datasets import boston_housing, cifar10, fashion_mnist, mnist
from tfshim.keras.datasets._files import _download, get_file

__all__ = ["boston_housing", "cifar10", "fashion_mnist", "get_file", "mnist", "_download"]


# TF's names that tfshim lacks (imdb, reuters, cifar100, california_housing) raise NotImplementedError naming
# them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.datasets", __name__)
