/** The add-in's version, shown in the task pane and returned by CASHFLOW.VERSION(). Keep in step with package.json. */
export const APP_VERSION = '0.1.0';
