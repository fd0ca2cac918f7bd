#!/usr/bin/python3
# scikit-learn's answers on the files sqlspace_learn_sklearn_test.cpp writes, for core/learn's conformance check:
# KMeans (Lloyd, from the given initial centroids, one run, tol 0), PCA (full SVD, 2 components), and a random
# forest's accuracy (200 trees, sqrt features, bootstrap, Gini) on the given split, for several random states.
# Usage: sklearn_reference.py DIR   (DIR holds x.csv, y.csv, train.csv, test.csv and init_K.csv files); prints JSON.
import json
import os
import sys

import numpy as np
from sklearn.cluster import KMeans
from sklearn.decomposition import PCA
from sklearn.ensemble import RandomForestClassifier

d = sys.argv[1]
load = lambda name: np.loadtxt(os.path.join(d, name), delimiter=",", ndmin=2)
x = load("x.csv")
y = load("y.csv").ravel().astype(int)
train = load("train.csv").ravel().astype(int)
test = load("test.csv").ravel().astype(int)
out = {"kmeans": {}, "forest": []}
for name in sorted(os.listdir(d)):
    if name.startswith("init_"):
        init = load(name)
        km = KMeans(n_clusters=init.shape[0], init=init, n_init=1, algorithm="lloyd", tol=0.0, max_iter=300)
        km.fit(x)
        out["kmeans"][str(init.shape[0])] = {"inertia": float(km.inertia_), "iterations": int(km.n_iter_)}
pca = PCA(n_components=2, svd_solver="full").fit(x)
out["pca"] = {"components": pca.components_.tolist(), "explained_ratio": pca.explained_variance_ratio_.tolist()}
for state in range(5):
    rf = RandomForestClassifier(n_estimators=200, max_features="sqrt", bootstrap=True, criterion="gini",
                                random_state=state)
    rf.fit(x[train], y[train])
    out["forest"].append(float((rf.predict(x[test]) == y[test]).mean()))
print(json.dumps(out))
