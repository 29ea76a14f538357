import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
path = os.path.join(d, "data.csv")
with open(path, "w") as f:
    f.write("age,fare,name,survived\n22,7.25,Braund,0\n38,71.28,Cumings,1\n26,7.92,Heikkinen,1\n35,53.1,Futrelle,1\n")
ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, label_name="survived", num_epochs=1, shuffle=False)
# element_spec holds OrderedDicts, whose repr changed in Python 3.12: print them as dicts
print(type(ds).__name__, type(ds.element_spec[0]).__name__, dict(ds.element_spec[0]), ds.element_spec[1])
for features, label in ds:
    for k, v in features.items():
        print(k, v.numpy())
    print("label", label.numpy())
sel = tf.data.experimental.make_csv_dataset(path, batch_size=4, select_columns=["age", "survived"], num_epochs=1,
                                            shuffle=False)
print(type(sel.element_spec).__name__, dict(sel.element_spec))
