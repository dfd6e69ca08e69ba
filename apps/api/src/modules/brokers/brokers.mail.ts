/** pt-BR e-mails of broker self-registration (text and HTML; values are escaped). */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (companyName: string, body: string) =>
  `<div style="font-family:Montserrat,Arial,sans-serif;max-width:560px;margin:auto;color:#222">` +
  `<h2 style="color:#0e65a5">${escapeHtml(companyName)}</h2>${body}` +
  `<p style="color:#555;font-size:12px">Mensagem automática do portal Aval. Não responda este e-mail.</p></div>`;

export const registrationLinkMail = (companyName: string, cnpj: string, link: string, days: number) => ({
  subject: `${companyName}: complete o cadastro da sua corretora`,
  text: `Olá!\n\nRecebemos o pedido de cadastro da corretora de CNPJ ${cnpj} no portal da ${companyName}. Para completar o cadastro, abra o link abaixo (válido por ${days} dias e de uso único):\n\n${link}\n\nSe não foi você, ignore este e-mail.\n`,
  html: layout(
    companyName,
    `<p>Olá!</p><p>Recebemos o pedido de cadastro da corretora de CNPJ <strong>${escapeHtml(cnpj)}</strong>. Para completar o cadastro, use o botão abaixo (válido por ${days} dias e de uso único).</p>` +
      `<p><a href="${escapeHtml(link)}" style="background:#0e65a5;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Completar cadastro</a></p>` +
      `<p style="font-size:12px">Ou copie: ${escapeHtml(link)}</p><p>Se não foi você, ignore este e-mail.</p>`,
  ),
});

export const registrationReceivedMail = (companyName: string, brokerName: string) => ({
  subject: `${companyName}: cadastro da corretora recebido`,
  text: `Olá!\n\nO cadastro da corretora ${brokerName} foi recebido e está em análise pela ${companyName}. Quando for aprovado, o administrador informado receberá por e-mail o link para criar a senha de acesso.\n`,
  html: layout(
    companyName,
    `<p>Olá!</p><p>O cadastro da corretora <strong>${escapeHtml(brokerName)}</strong> foi recebido e está em análise. Quando for aprovado, o administrador informado receberá por e-mail o link para criar a senha de acesso.</p>`,
  ),
});
