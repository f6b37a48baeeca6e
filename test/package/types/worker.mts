// A worker's navigator (WorkerNavigator) has ml too.
import 'webnn-wasm/auto';

const ml: ML = self.navigator.ml;
const context: MLContext = await ml.createContext();
export { context };
