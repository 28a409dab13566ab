# A flash that forgets everything at exit: the virtual board without --flash.


class MemStore:
    def __init__(self):
        self.files = {}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, text):
        self.files[name] = text if isinstance(text, str) else "".join(text)

    def append(self, name, text):
        self.files[name] = self.files.get(name, "") + text

    def remove(self, name):
        return self.files.pop(name, None) is not None

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def mkdir(self, name):
        pass

    def listdir(self, name=""):
        p = name + "/" if name else ""
        return sorted(k[len(p) :] for k in self.files if k.startswith(p) and "/" not in k[len(p) :])
